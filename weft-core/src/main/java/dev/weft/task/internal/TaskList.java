package dev.weft.task.internal;

import java.util.ArrayList;
import java.util.List;

/**
 * The live tasks of one executor (Tokio's {@code OwnedTasks}), so that closing the executor can
 * cancel them. Each shard is a slab: an array of tasks with a free list of slot numbers, and a task
 * remembers its slot, so adding and removing allocate nothing (but for the rare growth of a slab).
 *
 * <p>Why a slab and not an intrusive list: a million live tasks in linked lists made the garbage
 * collector follow chains of them at every young collection, and cost each task two link fields;
 * in arrays they are scanned in parallel chunks, and a task carries one {@code int}.
 *
 * <h2>State</h2>
 * <pre>
 * shard.tasks     slot i holds a live task, or null (then i is on the free list)   guarded by shard
 * shard.freeNext  for a free slot: the next free slot, or -1                        guarded by shard
 * shard.free      first free slot, or -1                                            guarded by shard
 * shard.used      slots 0 .. used-1 have been handed out at least once              guarded by shard
 * shard.count     number of live tasks in the shard                                 guarded by shard
 * shard.closed    no more tasks may be added                                        guarded by shard
 * task.listSlot   the task's slot in its shard, or -1 if it is not in the list       guarded by shard
 * </pre>
 * Transitions: {@link #add} puts a task in a free slot of its shard (picked at random when the task
 * was made), taking the free list first, then a never-used slot, doubling the arrays when full;
 * fails once closed. {@link #remove} clears the slot and pushes it on the free list (no-op if the
 * task was never added or already removed); a shard that becomes empty after growing past
 * {@value #SHRINK_ABOVE} slots goes back to small arrays. {@link #close} marks every shard closed
 * and returns the tasks still in it.
 *
 * <p>Shards cut contention between threads that spawn and complete tasks at the same time: a shard
 * per spawning thread would make the worker that completes a task fight the one that spawns.
 */
public final class TaskList {
    /** The number of shards; a task's shard is in its state word. */
    static final int SHARDS = 64;

    private static final int INITIAL = 16;
    private static final int SHRINK_ABOVE = 1024;

    private final Shard[] shards = new Shard[SHARDS];

    /** An empty, open list. */
    public TaskList() {
        for (int i = 0; i < SHARDS; i++) shards[i] = new Shard();
    }

    /**
     * Adds {@code task}.
     *
     * @param task a new task
     * @return {@code false} if the list is closed (the task was not added)
     */
    public boolean add(RawTask<?> task) {
        Shard sh = shards[task.shard()];
        synchronized (sh) {
            if (sh.closed) return false;
            int i = sh.free;
            if (i >= 0) {
                sh.free = sh.freeNext[i];
            } else {
                if (sh.used == sh.tasks.length) sh.grow();
                i = sh.used++;
            }
            sh.tasks[i] = task;
            sh.count++;
            task.listSlot = i;
        }
        return true;
    }

    /**
     * Removes {@code task} if it is in the list.
     *
     * @param task a finished task
     */
    public void remove(RawTask<?> task) {
        Shard sh = shards[task.shard()];
        synchronized (sh) {
            int i = task.listSlot;
            if (i < 0) return;
            task.listSlot = -1;
            sh.tasks[i] = null;
            if (--sh.count == 0 && sh.tasks.length > SHRINK_ABOVE) {
                sh.reset();
            } else {
                sh.freeNext[i] = sh.free;
                sh.free = i;
            }
        }
    }

    /**
     * Closes the list: later {@link #add} calls fail.
     *
     * @return the tasks in the list at this moment
     */
    public List<RawTask<?>> close() {
        List<RawTask<?>> live = new ArrayList<>();
        for (Shard sh : shards) {
            synchronized (sh) {
                sh.closed = true;
                for (int i = 0; i < sh.used; i++) {
                    RawTask<?> t = sh.tasks[i];
                    if (t != null) live.add(t);
                }
            }
        }
        return live;
    }

    /** @return the number of tasks in the list (a snapshot) */
    /**
     * @return the tasks in the list now (a snapshot, for task dumps: each shard is copied under its
     *     lock, so a task may finish right after)
     */
    public List<RawTask<?>> snapshot() {
        List<RawTask<?>> live = new ArrayList<>();
        for (Shard sh : shards) {
            synchronized (sh) {
                for (int i = 0; i < sh.used; i++) {
                    RawTask<?> t = sh.tasks[i];
                    if (t != null) live.add(t);
                }
            }
        }
        return live;
    }

    public int size() {
        int n = 0;
        for (Shard sh : shards) {
            synchronized (sh) {
                n += sh.count;
            }
        }
        return n;
    }

    /** One lock and one slab. Fields guarded by {@code this}. */
    private static final class Shard {
        RawTask<?>[] tasks;
        int[] freeNext;
        int free;
        int used;
        int count;
        boolean closed;

        Shard() {
            reset();
        }

        /** Small empty arrays; only when no task is in the shard. */
        void reset() {
            tasks = new RawTask<?>[INITIAL];
            freeNext = new int[INITIAL];
            free = -1;
            used = 0;
        }

        /** Doubles the arrays; only when every slot is in use. */
        void grow() {
            tasks = java.util.Arrays.copyOf(tasks, tasks.length * 2);
            freeNext = java.util.Arrays.copyOf(freeNext, freeNext.length * 2);
        }
    }
}
