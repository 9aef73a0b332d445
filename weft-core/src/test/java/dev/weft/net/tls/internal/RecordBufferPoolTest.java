package dev.weft.net.tls.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The shared pool of record buffers: reuse, its bound, cleared buffers, and one owner at a time across threads. */
@Timeout(60)
class RecordBufferPoolTest {

    @Test
    void aBufferGivenBackIsTakenAgainClearedAndATooSmallOneIsReplaced() {
        RecordBufferPool pool = new RecordBufferPool(16);
        ByteBuffer b = pool.take(1000);
        assertThat(b.capacity()).isEqualTo(1000);
        b.put(new byte[300]);
        pool.give(b);
        assertThat(pool.idle()).isEqualTo(1);
        ByteBuffer again = pool.take(800);
        assertThat(again).isSameAs(b);
        assertThat(again.position()).isZero();
        assertThat(again.limit()).isEqualTo(1000);
        pool.give(again);
        ByteBuffer bigger = pool.take(2000);
        assertThat(bigger).isNotSameAs(b);
        assertThat(bigger.capacity()).isEqualTo(2000);
        assertThat(pool.idle()).as("the too small buffer was dropped").isZero();
    }

    @Test
    void aFullPoolLeavesWhatIsGivenBackToTheCollector() {
        RecordBufferPool pool = new RecordBufferPool(16);
        for (int i = 0; i < 100; i++) pool.give(ByteBuffer.allocate(64));
        assertThat(pool.idle()).isBetween(1, pool.slots());
        assertThat(pool.idle()).as("one thread reaches PROBES slots").isLessThanOrEqualTo(RecordBufferPool.PROBES);
    }

    @Test
    void aBufferHasOneOwnerAtATimeAcrossThreads() throws Exception {
        RecordBufferPool pool = new RecordBufferPool(16);
        int threads = 4;
        int rounds = 200_000;
        AtomicReference<String> clash = new AtomicReference<>();
        CountDownLatch start = new CountDownLatch(1);
        List<Thread> all = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            byte mark = (byte) (t + 1);
            all.add(Thread.ofPlatform().start(() -> {
                try {
                    start.await();
                } catch (InterruptedException e) {
                    return;
                }
                for (int i = 0; i < rounds && clash.get() == null; i++) {
                    ByteBuffer b = pool.take(64);
                    for (int k = 0; k < 64; k++) b.put(k, mark);
                    Thread.onSpinWait();
                    for (int k = 0; k < 64; k++) {
                        if (b.get(k) != mark) {
                            clash.compareAndSet(null, "thread " + mark + " found " + b.get(k) + " in a buffer it owned");
                            break;
                        }
                    }
                    pool.give(b);
                }
            }));
        }
        start.countDown();
        for (Thread t : all) t.join();
        assertThat(clash.get()).isNull();
        assertThat(pool.idle()).isBetween(1, pool.slots());
    }
}
