package dev.weft.net;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.SocketException;
import java.nio.channels.AsynchronousCloseException;
import java.nio.channels.ClosedChannelException;
import org.junit.jupiter.api.Test;

class AcceptBackoffTest {

    @Test
    void aPlainIOExceptionPassesWhateverLanguageItsTextIsIn() {
        assertThat(AcceptBackoff.isPassing(new IOException("Too many open files"))).isTrue();
        assertThat(AcceptBackoff.isPassing(new IOException("Zu viele offene Dateien"))).isTrue();
        assertThat(AcceptBackoff.isPassing(new IOException("Trop de fichiers ouverts"))).isTrue();
        assertThat(AcceptBackoff.isPassing(new IOException((String) null))).isTrue();
    }

    @Test
    void aClosedListenerOrASubclassedErrorDoesNotPass() {
        assertThat(AcceptBackoff.isPassing(new ClosedChannelException())).isFalse();
        assertThat(AcceptBackoff.isPassing(new AsynchronousCloseException())).isFalse();
        assertThat(AcceptBackoff.isPassing(new SocketException("Socket closed"))).isFalse();
    }
}
