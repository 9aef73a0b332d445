package dev.weft.net;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.weft.net.internal.uring.UringProbe;

/** What the tests run on every poller need: skipping io_uring, with the probe's reason, where the kernel refuses it. */
public final class Pollers {
    private Pollers() {}

    /**
     * Skips the test (a JUnit assumption) if {@code poller} is {@link IoPoller#IO_URING} and io_uring
     * cannot serve here; the message is the probe's reason.
     *
     * @param poller the poller the test runs on
     */
    public static void assumeAvailable(IoPoller poller) {
        if (poller != IoPoller.IO_URING) return;
        UringProbe.Result r = UringProbe.result();
        assumeTrue(r.available(), () -> "io_uring is not available here: " + r.reason());
    }
}
