package dev.weft.blocking;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.Weft;
import dev.weft.coro.Coroutine;
import dev.weft.exec.WeftRuntime;
import dev.weft.future.Future;
import dev.weft.time.Time;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Blocking code on a runtime's blocking pool is code of that runtime: what is thrown there while
 * something unwinds from a cancellation (README, "Cancellation", rule 6) goes to the runtime's
 * failure hook, as it does on the runtime's workers, not to the pool thread's uncaught-exception
 * handler (which is for plain threads outside any runtime).
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class RuntimePoolFailuresTest {
    private final List<Throwable> hooked = new CopyOnWriteArrayList<>();

    @Test
    void whatAChildThrowsWhileATimeoutInBlockingCodeCancelsItGoesToTheRuntimesHook() throws Exception {
        try (WeftRuntime rt = WeftRuntime.builder().workers(1).threadNamePrefix("pool-failures-").onUncaughtException(hooked::add).build()) {
            String out = rt.blockOn(rt.blockingPool().unblock(() -> {
                try {
                    return Weft.await(Time.timeout(Coroutine.async(() -> {
                        try {
                            return Weft.await(Future.<String>pending());
                        } finally {
                            throwArithmetic();
                        }
                    }), Duration.ZERO));
                } catch (TimeoutException e) {
                    return "timed out";
                }
            }));

            assertThat(out).isEqualTo("timed out");
            assertThat(hooked).singleElement().isInstanceOf(ArithmeticException.class)
                    .extracting(Throwable::getMessage).isEqualTo("thrown while unwinding");
        }
    }

    @Test
    void whatTheLoserOfARaceInBlockingCodeThrowsWhileItUnwindsGoesToTheRuntimesHook() throws Exception {
        try (WeftRuntime rt = WeftRuntime.builder().workers(1).threadNamePrefix("pool-failures-").onUncaughtException(hooked::add).build()) {
            String out = rt.blockOn(rt.blockingPool().unblock(() -> Weft.await(Future.race(Coroutine.async(() -> {
                try {
                    return Weft.await(Future.<String>pending());
                } finally {
                    throwArithmetic();
                }
            }), Time.sleep(Duration.ofMillis(1)).map(v -> "the winner")))));

            assertThat(out).isEqualTo("the winner");
            assertThat(hooked).singleElement().isInstanceOf(ArithmeticException.class)
                    .extracting(Throwable::getMessage).isEqualTo("thrown while unwinding");
        }
    }

    private static void throwArithmetic() {
        throw new ArithmeticException("thrown while unwinding");
    }
}
