package dev.weft.future.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import dev.weft.testkit.CountingWaker;
import dev.weft.testkit.ThrowingWaker;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class WakesTest {

    @Test
    void aThrowingWakerIsReportedToTheInstalledSinkAndNotThrown() {
        List<Throwable> seen = new ArrayList<>();
        RuntimeException boom = new RuntimeException("waker boom");
        ThrowingWaker bad = new ThrowingWaker(boom);
        CountingWaker good = new CountingWaker();
        FailureSink prev = Wakes.installSink(seen::add);
        try {
            assertThatCode(() -> {
                Wakes.wake(bad);
                Wakes.wake(good);
            }).doesNotThrowAnyException();
        } finally {
            Wakes.installSink(prev);
        }
        assertThat(seen).containsExactly(boom);
        assertThat(bad.wakes()).isEqualTo(1);
        assertThat(good.wakes()).isEqualTo(1);
    }

    @Test
    void withoutASinkTheReportGoesToTheThreadsUncaughtExceptionHandler() throws Exception {
        List<Throwable> seen = new ArrayList<>();
        RuntimeException boom = new RuntimeException("to the handler");
        Thread t = new Thread(() -> Wakes.wake(new ThrowingWaker(boom)));
        t.setUncaughtExceptionHandler((th, e) -> seen.add(e));
        t.start();
        t.join(10_000);
        assertThat(seen).containsExactly(boom);
    }

    @Test
    void aSinkThatThrowsIsSuppressedIntoTheReportedFailureAndReportingReturns() {
        RuntimeException boom = new RuntimeException("reported");
        RuntimeException sinkFailure = new RuntimeException("sink broke");
        FailureSink prev = Wakes.installSink(f -> { throw sinkFailure; });
        try {
            assertThatCode(() -> Wakes.report(boom)).doesNotThrowAnyException();
        } finally {
            Wakes.installSink(prev);
        }
        assertThat(boom.getSuppressed()).containsExactly(sinkFailure);
    }
}
