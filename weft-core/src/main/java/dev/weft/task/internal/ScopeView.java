package dev.weft.task.internal;

import java.time.Duration;
import java.util.Optional;

/**
 * What the layers below the task scopes (task dumps, JFR events, the management bean) see of a
 * scope: its name, policy, state, deadline and parent. The scope layer's {@code TaskScope}
 * implements it; a task's scope is the newest {@code ScopeView} among the bindings its future
 * runs with ({@link #of}).
 *
 * {@snippet :
 * ScopeView s = ScopeView.of(task.futureForDump());
 * while (s != null) { System.out.println(s.describe()); s = s.parentView(); }
 * }
 */
public interface ScopeView {
    /** @return the scope's name */
    String name();

    /** @return its joiner, by class name */
    String policy();

    /** @return open, closing, cancelled, past its deadline, stopped by its joiner, or closed */
    String state();

    /** @return the time left before its deadline, if it has one */
    Optional<Duration> timeLeft();

    /** @return how many children are alive */
    int liveChildren();

    /** @return the scope it nests under, or {@code null} */
    ScopeView parentView();

    /** @return one line: name, policy, state, children alive, time left */
    default String describe() {
        return name() + " (" + policy() + ", " + state() + ", " + liveChildren() + " alive"
                + timeLeft().map(d -> ", " + d.toMillis() + " ms left").orElse("") + ")";
    }

    /**
     * @param future a task's future, or {@code null}
     * @return the scope the task is a child of, or {@code null}
     */
    static ScopeView of(Object future) {
        if (!(future instanceof WithBindings<?> w)) return null;
        for (Bindings b = w.bindings(); b != null; b = b.next()) {
            if (b.value() instanceof ScopeView v) return v;
        }
        return null;
    }
}
