package dev.weft.bench.soak;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The short form of the TLS hostile matrix in the default build, on loopback: 4 healthy TLS
 * clients and one hostile peer of each kind for a second beside them, against the TLS echo server
 * in a JVM of its own with a 1 s handshake deadline. Every hostile connection must be closed by the
 * server, each kind's must end with the kind's named reason and no connection with another, and
 * the healthy clients must be answered without an error; the latency ratio is printed, not held
 * to (a second is too short for a p99).
 */
@Timeout(60)
class TlsHostileSmokeTest {
    @Test
    void eachHostileTlsPeerIsClosedWithItsNamedReasonWhileHealthyClientsAreAnswered() throws Exception {
        TlsHostileMatrix.Verdict v = TlsHostileMatrix.run(4, 1, 1, 512, 1000, false);
        assertThat(v.failures()).isEmpty();
    }

    /**
     * The check above against a broken variant: a server whose handshake deadline (60 s) is too
     * far to cut a stalled handshake within the run. The stalled connections end only when the
     * harness closes them, for another reason, and the run fails naming the stall kind.
     */
    @Test
    void aServerWithoutAUsefulHandshakeDeadlineFailsTheStallKind() throws Exception {
        TlsHostileMatrix.Verdict v = TlsHostileMatrix.run(2, 1, 1, 512, 60_000, false);
        assertThat(v.failures()).anySatisfy(f -> assertThat(f).startsWith("STALL:"));
    }
}
