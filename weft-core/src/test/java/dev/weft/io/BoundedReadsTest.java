package dev.weft.io;

import static dev.weft.Weft.blockOn;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.weft.future.AsyncStream;
import dev.weft.future.Context;
import dev.weft.future.Poll;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** A peer that never stops sending (or never sends a newline) cannot exhaust the heap. */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class BoundedReadsTest {

    /** An endless source of {@code 'x'}, counting what it delivered. */
    static final class EndlessReader implements AsyncRead {
        long delivered;

        @Override
        public Poll<Integer> pollRead(Context cx, ByteBuffer dst) {
            int n = dst.remaining();
            for (int i = 0; i < n; i++) dst.put((byte) 'x');
            delivered += n;
            return Poll.ready(n);
        }
    }

    @Test
    void aLineWithoutNewlinePastTheLimitEndsTheStreamWithTheLimitNamed() {
        EndlessReader peer = new EndlessReader();
        AsyncStream<String> lines = new BufReader(peer, 512).lines(10_000);
        assertThatThrownBy(() -> blockOn(lines.next()))
                .isInstanceOf(LimitExceededException.class)
                .hasMessageContaining("maxLineBytes = 10000")
                .satisfies(e -> assertThat(((LimitExceededException) e).limit()).isEqualTo(10_000));
        assertThat(peer.delivered).as("read no more than the limit and one buffer").isLessThanOrEqualTo(10_000 + 512);
        assertThat(blockOn(lines.next())).as("the stream stays ended").isEqualTo(Optional.empty());
    }

    @Test
    void theDefaultLineLimitHoldsWithoutAnExplicitOne() {
        EndlessReader peer = new EndlessReader();
        AsyncStream<String> lines = new BufReader(peer).lines();
        assertThatThrownBy(() -> blockOn(lines.next())).isInstanceOf(LimitExceededException.class);
        assertThat(peer.delivered).isLessThanOrEqualTo(AsyncIo.DEFAULT_MAX_LINE + 8192);
    }

    @Test
    void aLineExactlyAtTheLimitIsTakenAndOneByteMoreIsNot() {
        byte[] ok = ("a".repeat(100) + "\n" + "b".repeat(101) + "\n").getBytes(StandardCharsets.UTF_8);
        AsyncStream<String> lines = new BufReader(new ChunkedReader(ok, 7), 16).lines(100);
        assertThat(blockOn(lines.next())).contains("a".repeat(100));
        assertThatThrownBy(() -> blockOn(lines.next())).isInstanceOf(LimitExceededException.class);
    }

    @Test
    void readToEndPastItsLimitFailsAfterReadingAtMostTheLimit() {
        EndlessReader peer = new EndlessReader();
        assertThatThrownBy(() -> blockOn(AsyncIo.readToEnd(peer, 100_000)))
                .isInstanceOf(LimitExceededException.class)
                .hasMessageContaining("maxBytes = 100000");
        assertThat(peer.delivered).isEqualTo(100_001);
        EndlessReader other = new EndlessReader();
        assertThatThrownBy(() -> blockOn(AsyncIo.readToEnd(other))).isInstanceOf(LimitExceededException.class);
        assertThat(other.delivered).isEqualTo(AsyncIo.DEFAULT_MAX_READ_TO_END + 1L);
    }

    @Test
    void readToEndExactlyAtItsLimitAnswersTheBytes() throws Exception {
        byte[] data = new byte[5000];
        assertThat(blockOn(AsyncIo.readToEnd(new ChunkedReader(data, 333), 5000))).hasSize(5000);
        assertThatThrownBy(() -> blockOn(AsyncIo.readToEnd(new ChunkedReader(data, 333), 4999)))
                .isInstanceOf(LimitExceededException.class);
    }
}
