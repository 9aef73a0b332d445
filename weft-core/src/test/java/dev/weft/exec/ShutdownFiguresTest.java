package dev.weft.exec;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.future.Future;
import dev.weft.net.TcpListener;
import dev.weft.net.TcpStream;
import dev.weft.task.Task;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Closing a busy runtime: 10^4 waiting tasks, 100 running blocking jobs and 1,000 open sockets are
 * all gone, and the process's threads and file descriptors are back where they were. The time it
 * takes is printed ({@code shutdown-figures: ...}); the goal (200 ms) is a figure to read on a quiet
 * machine, not a timed assertion: here the test only bounds it at 10 s, to catch a hang.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class ShutdownFiguresTest {

    private static long openFds() throws IOException {
        try (Stream<Path> s = Files.list(Path.of("/proc/self/fd"))) {
            return s.count();
        }
    }

    private static long threadsNamed(String prefix) {
        return Thread.getAllStackTraces().keySet().stream()
                .filter(t -> t.getName().startsWith(prefix) && t.isAlive())
                .count();
    }

    /** The same kinds of work, small, on a runtime of its own: loads every class the run needs. */
    private static void warmUp() throws Exception {
        try (WeftRuntime rt = WeftRuntime.builder().workers(1).build();
                TcpListener l = TcpListener.bind("127.0.0.1", 0)) {
            Task<TcpStream> accepted = rt.spawn(l.accept());
            try (TcpStream c = rt.blockOn(TcpStream.connect(l.localAddress()));
                    TcpStream s = rt.blockOn(accepted)) {
                rt.spawn(s.read(new byte[1], 0, 1));
                rt.spawn(rt.blockingPool().unblock(() -> 1));
                rt.spawn(TestFutures.pendingForever(new AtomicInteger()));
                c.setNoDelay(true);
            }
        }
    }

    @Test
    void closingTenThousandTasksAHundredBlockingJobsAndAThousandSocketsLeavesNoThreadOrFdBehind() throws Exception {
        String prefix = "shutdown-figures-";
        warmUp(); // the classes the run loads open their jar files once: not the runtime's descriptors
        System.gc();
        long fdsBefore = openFds();
        int threadsBefore = Thread.activeCount();
        WeftRuntime rt = WeftRuntime.builder().workers(2).blockingThreads(128).threadNamePrefix(prefix).build();
        AtomicInteger cancels = new AtomicInteger();
        List<Task<Void>> waiting = new ArrayList<>();
        for (int i = 0; i < 10_000; i++) waiting.add(rt.spawn(TestFutures.pendingForever(cancels)));
        CountDownLatch jobsRunning = new CountDownLatch(100);
        AtomicInteger jobsInterrupted = new AtomicInteger();
        List<Task<Object>> jobs = new ArrayList<>();
        for (int i = 0; i < 100; i++) {
            Future<Object> job = rt.blockingPool().unblock(() -> {
                jobsRunning.countDown();
                try {
                    Thread.sleep(60_000);
                } catch (InterruptedException e) {
                    jobsInterrupted.incrementAndGet();
                    throw e;
                }
                return null;
            });
            jobs.add(rt.spawn(job));
        }
        assertThat(jobsRunning.await(30, TimeUnit.SECONDS)).as("100 blocking jobs running").isTrue();
        TcpListener listener = TcpListener.bind("127.0.0.1", 0);
        List<TcpStream> sockets = new ArrayList<>();
        List<Task<Integer>> readers = new ArrayList<>();
        for (int i = 0; i < 500; i++) {
            Task<TcpStream> accepted = rt.spawn(listener.accept());
            TcpStream client = rt.blockOn(TcpStream.connect(listener.localAddress()));
            TcpStream server = rt.blockOn(accepted);
            sockets.add(client);
            sockets.add(server);
            readers.add(rt.spawn(server.read(new byte[8], 0, 8))); // a task waiting on each socket
        }
        Task<TcpStream> acceptor = rt.spawn(listener.accept()); // and one waiting in accept

        long t0 = System.nanoTime();
        rt.close();
        long closeMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0);
        for (TcpStream s : sockets) s.close();
        listener.close();
        long tookMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0);

        System.out.println("shutdown-figures: runtime close " + closeMs + " ms, with the sockets " + tookMs + " ms");
        assertThat(tookMs).as("close of the runtime (%d ms of it) and its sockets, ms", closeMs).isLessThan(10_000);
        assertThat(cancels.get()).isEqualTo(10_000);
        assertThat(waiting).allMatch(Task::isDone);
        assertThat(readers).allMatch(Task::isDone);
        assertThat(acceptor.isDone()).isTrue();
        assertThat(jobs).allMatch(Task::isDone);
        assertThat(threadsNamed(prefix)).as("threads of the runtime left").isZero();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while ((openFds() > fdsBefore || Thread.activeCount() > threadsBefore) && System.nanoTime() < deadline) {
            System.gc(); // NIO frees some descriptors (the selector's) when their objects are collected
            Thread.sleep(20);
        }
        assertThat(openFds()).as("file descriptors (before: %d)", fdsBefore).isLessThanOrEqualTo(fdsBefore);
        assertThat(Thread.activeCount()).as("threads (before: %d)", threadsBefore).isLessThanOrEqualTo(threadsBefore);
        assertThat(jobsInterrupted.get()).as("blocking jobs interrupted by the close").isEqualTo(100);
    }
}
