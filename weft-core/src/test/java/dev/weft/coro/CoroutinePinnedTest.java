package dev.weft.coro;

import static dev.weft.Weft.await;
import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.Weft;
import dev.weft.future.Context;
import dev.weft.future.Future;
import dev.weft.future.Poll;
import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * An await with a native frame on the body's stack (inside an FFM upcall from libc's qsort): the
 * virtual thread is pinned, so the await blocks the polling thread instead of suspending, and
 * finishes when the awaited future wakes it. No crash, no deadlock.
 */
@Timeout(30)
class CoroutinePinnedTest {
    private static Gate<Integer> gate;
    private static int awaited;

    static int compare(MemorySegment a, MemorySegment b) {
        if (awaited == 0) awaited = await(gate); // suspends? no: pinned by the native qsort frame
        return Integer.compare(a.get(ValueLayout.JAVA_INT, 0), b.get(ValueLayout.JAVA_INT, 0));
    }

    @Test
    void awaitInsideAnUpcallBlocksTheCarrierAndCompletes() throws Throwable {
        gate = new Gate<>();
        awaited = 0;
        Linker linker = Linker.nativeLinker();
        MethodHandle qsort = linker.downcallHandle(linker.defaultLookup().find("qsort").orElseThrow(),
                FunctionDescriptor.ofVoid(ValueLayout.ADDRESS, ValueLayout.JAVA_LONG, ValueLayout.JAVA_LONG, ValueLayout.ADDRESS));
        MethodHandle cmp = MethodHandles.lookup().findStatic(CoroutinePinnedTest.class, "compare",
                MethodType.methodType(int.class, MemorySegment.class, MemorySegment.class));
        Future<String> f = Weft.async(() -> {
            try (Arena arena = Arena.ofConfined()) {
                MemorySegment stub = linker.upcallStub(cmp, FunctionDescriptor.of(ValueLayout.JAVA_INT,
                        ValueLayout.ADDRESS.withTargetLayout(ValueLayout.JAVA_INT),
                        ValueLayout.ADDRESS.withTargetLayout(ValueLayout.JAVA_INT)), arena);
                MemorySegment arr = arena.allocateFrom(ValueLayout.JAVA_INT, 3, 1, 2);
                try {
                    qsort.invokeExact(arr, 3L, 4L, stub);
                } catch (Throwable t) {
                    throw new IllegalStateException(t);
                }
                int[] sorted = arr.toArray(ValueLayout.JAVA_INT);
                return awaited + ":" + sorted[0] + sorted[1] + sorted[2];
            }
        });
        Thread opener = Thread.ofPlatform().start(() -> {
            while (!gate.hasWaiter()) Thread.onSpinWait();
            gate.open(7);
        });
        Poll<String> p = f.poll(Context.noop()); // blocks this thread until the gate opens
        opener.join();
        assertThat(p).isEqualTo(Poll.ready("7:123"));
    }
}
