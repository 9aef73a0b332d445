package dev.weft.bench.workload;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;

/** Memory readings for W5: resident set size from /proc and heap used after a full GC. */
final class Memory {
    private Memory() {}

    /** @return VmRSS of this process in bytes (Linux), or -1 where /proc is missing */
    static long rssBytes() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
                if (line.startsWith("VmRSS:")) {
                    String kb = line.substring(6).trim().split("\\s+")[0];
                    return Long.parseLong(kb) * 1024;
                }
            }
        } catch (IOException | RuntimeException e) {
            return -1;
        }
        return -1;
    }

    /** Runs full GCs until the used heap stops shrinking (at most 5) and returns it in bytes. */
    static long heapUsedAfterGc() {
        long last = Long.MAX_VALUE;
        for (int i = 0; i < 5; i++) {
            System.gc();
            long used = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
            if (used >= last) return used;
            last = used;
        }
        return last;
    }
}
