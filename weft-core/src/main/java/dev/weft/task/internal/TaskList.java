package dev.weft.task.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;

/**
 * The live tasks of one executor (Tokio's {@code OwnedTasks}), so that closing the executor can
 * cancel them. Intrusive: a task links itself, so adding and removing allocate nothing.
 *
 * <h2>State</h2>
 * <pre>
 * shard.head   first task of the shard's doubly linked list     guarded by the shard
 * shard.closed no more tasks may be added                         guarded by the shard
 * task.listPrev/listNext/listShard                                guarded by the task's shard
 * </pre>
 * Transitions: {@link #add} links a task into a shard picked at random (fails
 * once closed); {@link #remove} unlinks it (no-op if it was never added or already removed);
 * {@link #close} marks every shard closed and returns the tasks still linked.
 *
 * <p>Shards cut contention between threads that spawn and complete tasks at the same time: a shard
 * per spawning thread would make the worker that completes a task fight the one that spawns.
 */
public final class TaskList {
    private static final int SHARDS = 64;

    private final Shard[] shards = new Shard[SHARDS];

    /** An empty, open list. */
    public TaskList() {
        for (int i = 0; i < SHARDS; i++) shards[i] = new Shard();
    }

    /**
     * Links {@code task}.
     *
     * @param task a new task
     * @return {@code false} if the list is closed (the task was not added)
     */
    public boolean add(RawTask<?> task) {
        int i = ThreadLocalRandom.current().nextInt() & (SHARDS - 1);
        Shard sh = shards[i];
        synchronized (sh) {
            if (sh.closed) return false;
            task.listShard = i;
            RawTask<?> h = sh.head;
            task.listNext = h;
            if (h != null) h.listPrev = task;
            sh.head = task;
        }
        return true;
    }

    /**
     * Unlinks {@code task} if it is linked.
     *
     * @param task a finished task
     */
    public void remove(RawTask<?> task) {
        int i = task.listShard;
        if (i < 0) return;
        Shard sh = shards[i];
        synchronized (sh) {
            if (task.listShard < 0) return;
            RawTask<?> p = task.listPrev;
            RawTask<?> n = task.listNext;
            if (p != null) p.listNext = n;
            else sh.head = n;
            if (n != null) n.listPrev = p;
            task.listPrev = null;
            task.listNext = null;
            task.listShard = -1;
        }
    }

    /**
     * Closes the list: later {@link #add} calls fail.
     *
     * @return the tasks linked at this moment
     */
    public List<RawTask<?>> close() {
        List<RawTask<?>> live = new ArrayList<>();
        for (Shard sh : shards) {
            synchronized (sh) {
                sh.closed = true;
                for (RawTask<?> t = sh.head; t != null; t = t.listNext) live.add(t);
            }
        }
        return live;
    }

    /** @return the number of linked tasks (a snapshot) */
    public int size() {
        int n = 0;
        for (Shard sh : shards) {
            synchronized (sh) {
                for (RawTask<?> t = sh.head; t != null; t = t.listNext) n++;
            }
        }
        return n;
    }

    /** One lock and one list. Fields guarded by {@code this}. */
    private static final class Shard {
        RawTask<?> head;
        boolean closed;
    }
}
