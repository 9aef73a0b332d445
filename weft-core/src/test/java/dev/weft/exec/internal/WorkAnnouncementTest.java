package dev.weft.exec.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.weft.future.Poll;
import dev.weft.task.internal.RawTask;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/**
 * The announcement rule of {@code Worker} ("Announcing work"), step by step on a scheduler whose
 * threads never start: the test thread plays worker 0 pushing tasks, worker 1 is a parked sibling,
 * and whether the sibling was woken shows in its parker's state.
 */
class WorkAnnouncementTest {

    private static RawTask<Integer> task(Scheduler s) {
        return new RawTask<>(cx -> Poll.ready(1), s, true);
    }

    @Test
    void aPushWakesAParkedSiblingWhenNobodySearchesEvenIfTheQueueAlreadyHeldWork() {
        Scheduler s = new Scheduler(2, "announce-", e -> {}, null, dev.weft.internal.IdleDriver.NONE, dev.weft.internal.Drivers.builder().build());
        Worker pusher = s.workers[0];
        Worker sibling = s.workers[1];
        s.idle.toParked(1, false);

        pusher.scheduleLocal(task(s), false); // into the LIFO slot: nothing stealable yet
        assertEquals("EMPTY", sibling.parker.toString());
        pusher.scheduleLocal(task(s), false); // the first task moves to the empty queue
        assertEquals("NOTIFIED", sibling.parker.toString());

        // The sibling looked, found nothing it could take in time, and parked again; the queue still
        // holds the first task. The next push must wake it again (the rule this once lacked).
        sibling.parker.park(); // consumes the token (NOTIFIED: returns at once)
        s.idle.toParked(1, true);
        assertEquals(1, pusher.queue.len());
        pusher.scheduleLocal(task(s), false);
        assertEquals(2, pusher.queue.len());
        assertEquals("NOTIFIED", sibling.parker.toString());
    }

    @Test
    void aPushDoesNotWakeAnyoneWhileASiblingSearches() {
        Scheduler s = new Scheduler(3, "announce-", e -> {}, null, dev.weft.internal.IdleDriver.NONE, dev.weft.internal.Drivers.builder().build());
        Worker pusher = s.workers[0];
        s.idle.toParked(2, false);
        s.idle.toSearching(); // worker 1 searches: it will find the task, nobody else is woken

        pusher.scheduleLocal(task(s), false);
        pusher.scheduleLocal(task(s), false);
        pusher.scheduleLocal(task(s), false);
        assertEquals(2, pusher.queue.len());
        assertEquals("EMPTY", s.workers[2].parker.toString());
    }

    @Test
    void aYieldedTaskIsRequeuedWithoutWakingAnyone() {
        Scheduler s = new Scheduler(2, "announce-", e -> {}, null, dev.weft.internal.IdleDriver.NONE, dev.weft.internal.Drivers.builder().build());
        Worker pusher = s.workers[0];
        s.idle.toParked(1, false);

        pusher.scheduleLocal(task(s), true); // a yield: this worker runs it again itself
        assertEquals(1, pusher.queue.len());
        assertEquals("EMPTY", s.workers[1].parker.toString());
    }

    @Test
    void aPushThatWokeNobodyIsAnnouncedAgainWhenItsPollReturns() {
        Scheduler s = new Scheduler(2, "announce-", e -> {}, null, dev.weft.internal.IdleDriver.NONE, dev.weft.internal.Drivers.builder().build());
        Worker pusher = s.workers[0];
        Worker sibling = s.workers[1];
        AtomicReference<String> duringPoll = new AtomicReference<>();
        AtomicReference<String> inNextPoll = new AtomicReference<>();
        RawTask<Integer> next = new RawTask<>(cx -> {
            inNextPoll.set(sibling.parker.toString());
            return Poll.ready(1);
        }, s, true);
        // The sibling searches when the push reads the idle state, so the push wakes nobody; then it
        // parks as the last searcher, its re-check of the queues having come too early to see the
        // task (as it may when the push's store is not yet visible). Only the read after the poll
        // can wake it.
        s.idle.toSearching();
        RawTask<Integer> spawner = new RawTask<>(cx -> {
            pusher.scheduleLocal(task(s), false); // into the LIFO slot
            pusher.scheduleLocal(next, false); // next in the slot, the first into the queue: unannounced
            s.idle.toParked(1, true);
            duringPoll.set(sibling.parker.toString());
            return Poll.ready(1);
        }, s, true);

        pusher.runTask(spawner);
        assertEquals("EMPTY", duringPoll.get());
        assertEquals("NOTIFIED", inNextPoll.get()); // woken before the LIFO slot's task (next) ran
        assertEquals(1, pusher.queue.len());
    }

    /** A chain of spawns: each link's poll spawns the next; {@code links} links in all. */
    private static RawTask<Integer> link(Scheduler s, Worker w, int left, AtomicReference<String> siblingSeen) {
        return new RawTask<>(cx -> {
            if (left > 0) w.scheduleLocal(link(s, w, left - 1, siblingSeen), false);
            else siblingSeen.set(s.workers[1].parker.toString());
            return Poll.ready(1);
        }, s, true);
    }

    @Test
    void aChainOfSpawnsStaysOnItsWorkerWithoutWakingASiblingWhenTheLifoSlotIsDisabled() {
        Scheduler s = new Scheduler(2, "announce-", e -> {}, null, dev.weft.internal.IdleDriver.NONE, dev.weft.internal.Drivers.builder().build());
        Worker pusher = s.workers[0];
        s.idle.toParked(1, false);
        AtomicReference<String> siblingSeen = new AtomicReference<>();

        // More links than MAX_LIFO_POLLS: the slot is disabled mid-run, and the next link goes to the
        // (empty) queue, where only this worker will take it next: nobody to wake for it.
        pusher.runTask(link(s, pusher, Worker.MAX_LIFO_POLLS + 5, siblingSeen));
        assertEquals(1, pusher.queue.len());
        assertEquals("EMPTY", s.workers[1].parker.toString());
        while (pusher.queue.len() > 0) pusher.runTask(pusher.queue.pop());
        assertEquals("EMPTY", siblingSeen.get()); // the chain ended on this worker, the sibling asleep throughout
    }

    @Test
    void aSecondQueuedTaskIsAnnouncedWhenTheLifoSlotIsDisabled() {
        Scheduler s = new Scheduler(2, "announce-", e -> {}, null, dev.weft.internal.IdleDriver.NONE, dev.weft.internal.Drivers.builder().build());
        Worker pusher = s.workers[0];
        s.idle.toParked(1, false);
        // the chain's link that arrives once the slot is disabled also spawns a second task: two tasks
        // queued, so the parked sibling can take one
        RawTask<Integer> fork = new RawTask<>(cx -> {
            pusher.scheduleLocal(task(s), false);
            pusher.scheduleLocal(task(s), false);
            return Poll.ready(1);
        }, s, true);
        RawTask<Integer> first = fork;
        for (int i = 0; i < Worker.MAX_LIFO_POLLS; i++) {
            RawTask<Integer> inner = first;
            first = new RawTask<>(cx -> {
                pusher.scheduleLocal(inner, false);
                return Poll.ready(1);
            }, s, true);
        }
        pusher.runTask(first);
        assertEquals(2, pusher.queue.len());
        assertEquals("NOTIFIED", s.workers[1].parker.toString());
    }
}
