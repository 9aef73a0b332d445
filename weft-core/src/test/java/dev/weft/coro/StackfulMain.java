package dev.weft.coro;

import static dev.weft.Weft.await;

import dev.weft.Weft;
import dev.weft.exec.RuntimeMetrics;
import dev.weft.exec.WeftRuntime;
import dev.weft.task.Task;
import java.util.ArrayList;
import java.util.List;

/** For {@link StackfulNoticeTest}: three unwoven bodies made on a worker, one explicit coroutine, then the counts. */
final class StackfulMain {
    private StackfulMain() {}

    public static void main(String[] args) {
        try (WeftRuntime rt = WeftRuntime.builder().workers(1).managementBean(false).build()) {
            int sum = rt.blockOn(Coroutine.async(() -> {
                List<Task<Integer>> tasks = new ArrayList<>();
                for (int i = 1; i <= 3; i++) {
                    int v = i;
                    tasks.add(Task.spawn(Weft.async(() -> v)));
                }
                int s = 0;
                for (Task<Integer> t : tasks) s += await(t);
                return s;
            }));
            RuntimeMetrics m = rt.metrics();
            System.out.println("woven=" + m.wovenBodies() + " stackful=" + m.stackfulBodies() + " sum=" + sum);
        }
    }
}
