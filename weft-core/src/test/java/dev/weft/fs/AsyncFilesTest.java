package dev.weft.fs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.weft.Weft;
import dev.weft.future.AsyncStream;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.HashSet;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

@Timeout(value = 120, unit = TimeUnit.SECONDS)
class AsyncFilesTest {
    @TempDir
    Path dir;

    /** The byte at offset {@code i} of the test pattern: not periodic in any power of two. */
    static byte pattern(long i) {
        return (byte) ((i * 31 + (i >>> 11) * 7 + (i >>> 19)) & 0xff);
    }

    static void fill(ByteBuffer b, long offset) {
        for (int k = 0; b.hasRemaining(); k++) b.put(pattern(offset + k));
        b.flip();
    }

    @Test
    void writeThenReadBack100MegabytesThroughAnAsyncFile() throws Exception {
        long total = 100L * 1024 * 1024;
        Path file = dir.resolve("big.bin");
        try (AsyncFile f = Weft.blockOn(AsyncFiles.create(file))) {
            ByteBuffer chunk = ByteBuffer.allocate(1 << 20);
            for (long off = 0; off < total; off += chunk.capacity()) {
                chunk.clear();
                fill(chunk, off);
                while (chunk.hasRemaining()) Weft.<Integer>blockOn(cx -> f.pollWrite(cx, chunk));
            }
            Weft.<Void>blockOn(f::pollFlush);
            Weft.blockOn(f.syncAll());
            assertThat(Weft.blockOn(f.size())).isEqualTo(total);
        }
        assertThat(Weft.blockOn(AsyncFiles.metadata(file)).size()).isEqualTo(total);

        long read = 0;
        try (AsyncFile f = Weft.blockOn(AsyncFiles.open(file))) {
            ByteBuffer dst = ByteBuffer.allocate(100_000); // not a divisor of the chunk: exercises read-ahead
            while (true) {
                dst.clear();
                int n = Weft.<Integer>blockOn(cx -> f.pollRead(cx, dst));
                if (n < 0) break;
                for (int k = 0; k < n; k++) {
                    if (dst.get(k) != pattern(read + k)) throw new AssertionError("byte " + (read + k) + " differs");
                }
                read += n;
            }
        }
        assertThat(read).isEqualTo(total);
    }

    @Test
    void wholeFileReadsAndWrites() {
        Path p = dir.resolve("a.txt");
        Weft.blockOn(AsyncFiles.writeString(p, "hello, wörld"));
        assertThat(Weft.blockOn(AsyncFiles.readString(p))).isEqualTo("hello, wörld");
        byte[] bytes = {1, 2, 3, 4};
        Weft.blockOn(AsyncFiles.write(p, bytes));
        assertThat(Weft.blockOn(AsyncFiles.readAllBytes(p))).containsExactly(1, 2, 3, 4);
        BasicFileAttributes attrs = Weft.blockOn(AsyncFiles.metadata(p));
        assertThat(attrs.isRegularFile()).isTrue();
        assertThat(attrs.size()).isEqualTo(4);
        assertThat(Weft.blockOn(AsyncFiles.deleteIfExists(p))).isTrue();
        assertThatThrownBy(() -> Weft.blockOn(AsyncFiles.readAllBytes(p)))
                .isInstanceOf(NoSuchFileException.class);
    }

    @Test
    void seekRereadsAndOverwrites() throws Exception {
        Path p = dir.resolve("seek.bin");
        Weft.blockOn(AsyncFiles.write(p, "0123456789".getBytes()));
        try (AsyncFile f = Weft.blockOn(AsyncFiles.open(p, java.nio.file.StandardOpenOption.READ,
                java.nio.file.StandardOpenOption.WRITE))) {
            ByteBuffer two = ByteBuffer.allocate(2);
            assertThat(Weft.<Integer>blockOn(cx -> f.pollRead(cx, two))).isEqualTo(2);
            assertThat(new String(two.array())).isEqualTo("01");
            assertThat(Weft.blockOn(f.position())).isEqualTo(2L); // read-ahead is not counted
            ByteBuffer xy = ByteBuffer.wrap("xy".getBytes());
            Weft.<Integer>blockOn(cx -> f.pollWrite(cx, xy)); // overwrites "23", not the end
            Weft.<Void>blockOn(f::pollFlush);
            assertThat(Weft.blockOn(f.seek(7))).isEqualTo(7L);
            ByteBuffer rest = ByteBuffer.allocate(10);
            assertThat(Weft.<Integer>blockOn(cx -> f.pollRead(cx, rest))).isEqualTo(3);
            assertThat(new String(rest.array(), 0, 3)).isEqualTo("789");
        }
        assertThat(Files.readString(p)).isEqualTo("01xy456789");
    }

    @Test
    void listingADirectoryYieldsEveryEntryThenEnds() throws Exception {
        Set<Path> made = new HashSet<>();
        for (int i = 0; i < 600; i++) made.add(Files.createFile(dir.resolve("f" + i)));
        AsyncStream<Path> s = AsyncFiles.list(dir);
        Set<Path> seen = new HashSet<>();
        while (true) {
            Optional<Path> p = Weft.blockOn(s.next());
            if (p.isEmpty()) break;
            assertThat(seen.add(p.get())).isTrue();
        }
        assertThat(seen).isEqualTo(made);
        AsyncStream<Path> bad = AsyncFiles.list(made.iterator().next());
        assertThatThrownBy(() -> {
            while (Weft.blockOn(bad.next()).isPresent()) {
                // drain
            }
        }).isInstanceOf(NotDirectoryException.class);
    }

    /**
     * A file opened on a runtime does its reads on that runtime's pool: with the pool's only thread
     * held by another job, the read waits in that pool's queue (it once ran on the shared pool,
     * whose lookup was made on the pool thread, where no runtime is current).
     */
    @Test
    void aFileOpenedOnARuntimeReadsOnThatRuntimesPool() throws Exception {
        Path f = dir.resolve("on-runtime.bin");
        Files.write(f, new byte[] {1, 2, 3});
        try (dev.weft.exec.WeftRuntime rt = dev.weft.exec.WeftRuntime.builder().workers(1).blockingThreads(1).build()) {
            AsyncFile file = rt.blockOn(rt.spawn(dev.weft.future.Future.lazy(() -> AsyncFiles.open(f)))); // opened on a worker
            java.util.concurrent.CountDownLatch release = new java.util.concurrent.CountDownLatch(1);
            java.util.concurrent.CountDownLatch holding = new java.util.concurrent.CountDownLatch(1);
            dev.weft.task.Task<Boolean> hold = rt.spawn(dev.weft.future.Future.lazy(() -> dev.weft.blocking.Blocking.unblock(() -> {
                holding.countDown();
                return release.await(10, TimeUnit.SECONDS);
            }))); // made on a worker: the runtime's pool
            assertThat(holding.await(10, TimeUnit.SECONDS)).isTrue();
            ByteBuffer buf = ByteBuffer.allocate(3);
            dev.weft.task.Task<Integer> read = rt.spawn(dev.weft.io.AsyncIo.read(file, buf));
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (rt.metrics().blockingQueued() == 0 && !read.isDone() && System.nanoTime() < deadline) Thread.sleep(1);
            assertThat(read.isDone()).as("the read ran elsewhere while the runtime's pool was busy").isFalse();
            assertThat(rt.metrics().blockingQueued()).isEqualTo(1);
            release.countDown();
            assertThat(rt.blockOn(read)).isEqualTo(3);
            assertThat(rt.blockOn(hold)).isTrue();
            file.close();
        }
    }

    @Test
    void cancellingAListingLeavesThePoolUsable() throws Exception {
        for (int i = 0; i < 2_000; i++) Files.createFile(dir.resolve("g" + i));
        AsyncStream<Path> s = AsyncFiles.list(dir);
        assertThat(Weft.blockOn(s.next())).isPresent();
        s.cancel();
        // the job ends: a fresh unblock on the default pool still runs promptly
        assertThat(Weft.blockOn(dev.weft.blocking.Blocking.unblock(() -> 1))).isEqualTo(1);
    }
}
