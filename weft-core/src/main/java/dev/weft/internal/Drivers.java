package dev.weft.internal;

import java.util.Arrays;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The drivers of one runtime (its timers, its reactor, its blocking pool), as the code that runs
 * on the runtime's workers finds them: {@link #current()} asks the thread (or, in a coroutine body,
 * its carrier) for the drivers of the runtime it works for. Each layer that has a driver defines a
 * {@link Key} for it, so this class, at the bottom, knows none of their types. A thread of no
 * runtime has none: its futures use the layer's shared driver.
 *
 * <p>Immutable once built; safely published by the thread that starts the workers.
 *
 * {@snippet :
 * static final Drivers.Key<Timers> TIMERS = Drivers.key(Timers.class);
 * Drivers mine = Drivers.builder().put(TIMERS, timers).build();
 * Timers t = Drivers.current() instanceof Drivers d ? d.get(TIMERS) : sharedTimers;
 * }
 */
public final class Drivers {
    private static final AtomicInteger KEYS = new AtomicInteger();

    private final Object[] values;

    private Drivers(Object[] values) {
        this.values = values;
    }

    /**
     * The name of one kind of driver.
     *
     * @param <T> the driver's type
     */
    public static final class Key<T> {
        private final Class<T> type;
        private final int index;

        private Key(Class<T> type, int index) {
            this.type = type;
            this.index = index;
        }

        @Override
        public String toString() {
            return "Drivers.Key[" + type.getSimpleName() + "]";
        }
    }

    /** A thread that works for a runtime and so knows its drivers (a worker). */
    public interface Owner {
        /** @return the drivers of the runtime this thread works for */
        Drivers drivers();
    }

    /**
     * A new key; each layer makes one per kind of driver, once, in a static field.
     *
     * @param type the driver's type
     * @param <T> the driver's type
     * @return the key
     */
    public static <T> Key<T> key(Class<T> type) {
        return new Key<>(Objects.requireNonNull(type, "type"), KEYS.getAndIncrement());
    }

    /** @return the drivers of the runtime whose worker runs the current code, or {@code null} */
    public static Drivers current() {
        return Carrier.current() instanceof Owner o ? o.drivers() : null;
    }

    /**
     * The driver of kind {@code key} of the runtime whose worker runs the current code.
     *
     * @param key the kind of driver
     * @param <T> its type
     * @return that driver, or {@code null} outside a runtime or if the runtime has none of that kind
     */
    public static <T> T currentOrNull(Key<T> key) {
        Drivers d = current();
        return d == null ? null : d.get(key);
    }

    /**
     * @param key the kind of driver
     * @param <T> its type
     * @return this runtime's driver of that kind, or {@code null}
     */
    public <T> T get(Key<T> key) {
        return key.index < values.length ? key.type.cast(values[key.index]) : null;
    }

    /** @return a builder of an empty set of drivers */
    public static Builder builder() {
        return new Builder();
    }

    /** Collects one runtime's drivers. */
    public static final class Builder {
        private Object[] values = new Object[0];

        private Builder() {}

        /**
         * @param key the kind of driver
         * @param driver the driver
         * @param <T> its type
         * @return this builder
         */
        public <T> Builder put(Key<T> key, T driver) {
            if (key.index >= values.length) values = Arrays.copyOf(values, key.index + 1);
            values[key.index] = Objects.requireNonNull(driver, "driver");
            return this;
        }

        /** @return the drivers collected */
        public Drivers build() {
            return new Drivers(values.clone());
        }
    }
}
