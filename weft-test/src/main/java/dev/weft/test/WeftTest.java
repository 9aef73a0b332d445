package dev.weft.test;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A test whose body runs as the root future of a {@link dev.weft.sim.SimRuntime}: virtual time
 * (a sleep of a day takes no real time; the clock jumps to the next timer when every task waits),
 * one thread, every choice drawn from one seed. Like Tokio's
 * {@code #[tokio::test(start_paused = true)]} or Kotlin's {@code runTest}. The body is a stackful
 * coroutine, so {@code Weft.await} works anywhere in it, and {@code Task.spawn}, {@code Time.*},
 * channels and locks work on the simulation.
 *
 * <p>Parameters of type {@link dev.weft.sim.SimRuntime}, {@link dev.weft.sim.SimClock} and
 * {@link dev.weft.sim.SimNet} are injected (also into {@code @BeforeEach} methods: the same
 * simulation). The seed is {@code -Dweft.sim.seed} if set, else 0. A body whose root waits for
 * nothing that can happen fails at once with {@link dev.weft.sim.SimDeadlockException}; one that
 * runs longer than {@link #realTimeLimitSeconds()} of real time fails. On failure the seed and
 * trace hash are attached to the exception (a suppressed {@link SeedReplay}). Tasks still alive
 * when the body returns are cancelled.
 *
 * <p>Needs the JVM flags of Weft's suspending coroutines
 * ({@code --add-opens java.base/java.lang=ALL-UNNAMED}); without them the test fails saying so.
 *
 * {@snippet :
 * @WeftTest
 * void aTimeoutFiresAfterItsDuration(SimClock clock) throws Exception {
 *     assertThrows(TimeoutException.class,
 *             () -> await(Time.timeout(Future.pending(), Duration.ofHours(2))));
 *     assertEquals(Duration.ofHours(2), clock.elapsed());
 * }
 * }
 */
@Target({ElementType.METHOD, ElementType.ANNOTATION_TYPE})
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Test
@ExtendWith(SimExtension.class)
public @interface WeftTest {
    /** @return the most real time the body may take, in seconds (a hang fails instead of hanging) */
    long realTimeLimitSeconds() default 60;
}
