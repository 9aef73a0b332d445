package dev.weft.examples.redis;

import static dev.weft.Weft.await;

import dev.weft.Weft;
import dev.weft.examples.redis.store.ExpiryScheduler;
import dev.weft.examples.redis.store.Key;
import dev.weft.examples.redis.store.Keyspace;
import dev.weft.exec.WeftRuntime;
import dev.weft.future.Future;
import dev.weft.task.Task;
import dev.weft.time.Time;
import java.time.Duration;

/**
 * Key expiry on Weft's timers: each deadline set (SET ... EX, EXPIRE) spawns a small task on the
 * server's runtime that sleeps ({@link Time#sleep}) until then and removes the key if it is still
 * due. Reads expire lazily too, so a deadline changed meanwhile only costs a wasted wake-up.
 *
 * {@snippet :
 * Keyspace ks = new Keyspace(64, System::currentTimeMillis, new TimerExpiry(runtime));
 * }
 */
final class TimerExpiry implements ExpiryScheduler {
    private final WeftRuntime runtime;

    /** @param runtime where expiry tasks go, or {@code null}: the runtime (or simulation) of the caller */
    TimerExpiry(WeftRuntime runtime) {
        this.runtime = runtime;
    }

    @Override
    public void schedule(Keyspace keyspace, Key key, long delayMillis) {
        Future<Boolean> f = expireLater(keyspace, key, delayMillis);
        (runtime != null ? runtime.spawn(f) : Task.spawn(f)).detach();
    }

    private static Future<Boolean> expireLater(Keyspace keyspace, Key key, long delayMillis) {
        return Weft.async(() -> {
            await(Time.sleep(Duration.ofMillis(delayMillis)));
            return keyspace.expireIfDue(key);
        });
    }
}
