package dev.weft.task.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.future.Future;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;
import org.junit.jupiter.api.Test;

/** The live-task list: every added task is found by close until removed, slots are reused. */
class TaskListTest {

    private static final Schedule NOWHERE = new RecordingSchedule();

    private static RawTask<Integer> task() {
        return new RawTask<>(Future.ready(1), NOWHERE, true);
    }

    @Test
    void closeReturnsExactlyTheTasksAddedAndNotRemovedAfterGrowthAndReuse() {
        TaskList list = new TaskList();
        List<RawTask<?>> all = new ArrayList<>();
        Set<RawTask<?>> live = new HashSet<>();
        ThreadLocalRandom rnd = ThreadLocalRandom.current();
        for (int i = 0; i < 100_000; i++) {
            if (!all.isEmpty() && rnd.nextInt(3) == 0) {
                RawTask<?> t = all.remove(rnd.nextInt(all.size()));
                list.remove(t);
                list.remove(t); // a second remove is a no-op
                live.remove(t);
            } else {
                RawTask<?> t = task();
                assertThat(list.add(t)).isTrue();
                all.add(t);
                live.add(t);
            }
        }
        assertThat(list.size()).isEqualTo(live.size());
        List<RawTask<?>> closed = list.close();
        assertThat(closed).hasSize(live.size());
        assertThat(new HashSet<>(closed)).isEqualTo(live);
        assertThat(list.add(task())).isFalse();
    }

    @Test
    void aListEmptiedAfterABurstShrinksAndKeepsWorking() {
        TaskList list = new TaskList();
        List<RawTask<?>> burst = new ArrayList<>();
        for (int i = 0; i < 200_000; i++) {
            RawTask<?> t = task();
            list.add(t);
            burst.add(t);
        }
        for (RawTask<?> t : burst) list.remove(t);
        assertThat(list.size()).isZero();
        RawTask<?> later = task();
        list.add(later);
        assertThat(list.close()).containsExactly(later);
    }
}
