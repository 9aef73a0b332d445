package dev.weft.examples.redis.resp;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class RespWriterTest {
    @Test
    void writesEachReplyTypeAsRedisDoes() {
        RespWriter w = new RespWriter(8);
        w.ok();
        w.simple("PONG");
        w.error("ERR bad\r\nthing");
        w.integer(7);
        w.integer(-12345678901L);
        w.integer(Long.MIN_VALUE);
        w.bulk("hi".getBytes(StandardCharsets.US_ASCII));
        w.nullBulk();
        w.array(2);
        w.nullArray();
        assertThat(WrittenReplies.drain(w)).isEqualTo("+OK\r\n+PONG\r\n-ERR bad  thing\r\n:7\r\n:-12345678901\r\n:-9223372036854775808\r\n"
                + "$2\r\nhi\r\n$-1\r\n*2\r\n*-1\r\n");
    }

    @Test
    void growsForALargeReplyAndShrinksBackAfterReset() {
        RespWriter w = new RespWriter(16);
        byte[] big = new byte[10_000];
        w.bulk(big);
        assertThat(w.size()).isEqualTo(10_000 + "$10000\r\n\r\n".length());
        w.reset();
        assertThat(w.size()).isZero();
        w.integer(1);
        assertThat(WrittenReplies.drain(w)).isEqualTo(":1\r\n");
    }
}
