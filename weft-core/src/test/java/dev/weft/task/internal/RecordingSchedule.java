package dev.weft.task.internal;

import java.util.ArrayList;
import java.util.List;

/**
 * A {@link Schedule} for tests: it tracks every task, and remembers which tasks asked to be queued
 * (with their {@code yielded} flag) and which failures reached it, in order. Not thread-safe: for
 * tests that drive tasks from one thread.
 */
final class RecordingSchedule implements Schedule {
    final List<String> calls = new ArrayList<>();

    @Override
    public void schedule(RawTask<?> task, boolean yielded) {
        calls.add("schedule " + task.hashCode() + " yielded=" + yielded);
    }

    @Override
    public boolean track(RawTask<?> task) {
        return true;
    }

    @Override
    public void release(RawTask<?> task, boolean tracked) {}

    @Override
    public void uncaught(Throwable error) {
        calls.add("uncaught " + error);
    }
}
