package dev.weft.net.internal.uring;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.weft.exec.WeftRuntime;
import dev.weft.net.IoPoller;
import dev.weft.net.internal.linux.Libc;
import java.lang.foreign.Linker;
import java.lang.foreign.MemoryLayout;
import java.util.List;
import dev.weft.testkit.ChildJvm;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@link IoPoller#IO_URING} where the kernel refuses io_uring (here: {@code io_uring_setup}
 * answering {@code ENOSYS}, as under a seccomp policy or on a kernel without it, through the
 * probe's test seam in a fresh JVM): runtimes take epoll, work, and one line on the
 * {@code dev.weft} logger says why, however many runtimes are built. The child run without the
 * seam is the broken variant of the test's premise: there the runtimes must get io_uring and no
 * line, so the assertions above can tell the two apart.
 */
@Timeout(120)
class UringFallbackTest {

    /** The child: with {@code refuse}, io_uring_setup answers ENOSYS; two runtimes say which poller they got and serve a connect. */
    public static final class Child {
        public static void main(String[] args) throws Exception {
            if (args.length > 0 && args[0].equals("refuse")) {
                var errno = Linker.Option.captureStateLayout().varHandle(MemoryLayout.PathElement.groupElement("errno"));
                UringProbe.setupHook = (e, entries, params) -> {
                    errno.set(e, 0L, Sys.ENOSYS);
                    return -1;
                };
            }
            for (int i = 0; i < 2; i++) {
                try (WeftRuntime rt = WeftRuntime.builder().workers(1).poller(IoPoller.fromProperty()).build()) {
                    String echoed = rt.blockOn(dev.weft.Weft.async(() -> {
                        try (var l = dev.weft.net.TcpListener.bind("127.0.0.1", 0);
                                var c = dev.weft.Weft.await(dev.weft.net.TcpStream.connect(l.localAddress()));
                                var s = dev.weft.Weft.await(l.accept())) {
                            dev.weft.Weft.await(c.writeAll(java.nio.ByteBuffer.wrap(new byte[] {42})));
                            java.nio.ByteBuffer in = java.nio.ByteBuffer.allocate(1);
                            dev.weft.Weft.await(s.read(in));
                            return "served " + in.get(0);
                        }
                    }));
                    System.out.println("poller=" + rt.poller() + " " + echoed);
                }
            }
        }
    }

    private static String[] runChild(boolean refuse) throws Exception {
        // the flags of the test JVM that a stackful Weft.async body needs (the child's bodies are not woven)
        List<String> flags = List.of("--enable-native-access=ALL-UNNAMED", "--add-exports", "java.base/jdk.internal.vm=ALL-UNNAMED",
                "--add-opens", "java.base/java.lang=ALL-UNNAMED", "-Dweft.poller=io_uring");
        ChildJvm.Ended e = refuse ? ChildJvm.run(flags, Child.class, "refuse") : ChildJvm.run(flags, Child.class);
        return new String[] {e.out(), e.err()};
    }

    @Test
    void aRefusedSetupGivesEpollAndOneLineSayingWhy() throws Exception {
        assumeTrue(Libc.AVAILABLE, "no epoll here either: " + Libc.UNAVAILABLE_REASON);
        String[] r = runChild(true);
        assertThat(List.of(r[0].strip().split("\\R"))).containsExactly("poller=EPOLL served 42", "poller=EPOLL served 42");
        assertThat(r[1].split("not io_uring", -1)).as(r[1]).hasSize(2);
        assertThat(r[1]).contains("Weft runtimes use the epoll poller, not io_uring: io_uring_setup failed")
                .contains("errno 38");
    }

    @Test
    void withoutTheRefusalTheSameChildGetsIoUringAndNoLine() throws Exception {
        UringProbe.Result probe = UringProbe.result();
        assumeTrue(probe.available(), () -> "io_uring is not available here: " + probe.reason());
        String[] r = runChild(false);
        assertThat(List.of(r[0].strip().split("\\R"))).containsExactly("poller=IO_URING served 42", "poller=IO_URING served 42");
        assertThat(r[1]).doesNotContain("not io_uring");
    }
}
