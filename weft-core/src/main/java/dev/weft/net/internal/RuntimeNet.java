package dev.weft.net.internal;

import dev.weft.net.internal.linux.Libc;
import dev.weft.net.internal.epoll.EpollPoller;
import dev.weft.net.internal.epoll.NativeNet;
import dev.weft.net.internal.nio.Reactor;
import dev.weft.net.internal.uring.UringNet;
import dev.weft.net.internal.uring.UringPoller;
import dev.weft.net.internal.uring.UringProbe;
import dev.weft.internal.Drivers;
import dev.weft.net.IoPoller;
import dev.weft.driver.internal.Poller;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The network part of one runtime's drivers: its poller (NIO's {@link Reactor}, the native
 * {@link EpollPoller} with its {@link NativeNet}, or the {@link UringPoller} with its
 * {@link UringNet}), chosen once at build time, registered among the runtime's drivers, counted in
 * its metrics and closed by its {@code close()}. {@link IoPoller#IO_URING} where io_uring cannot
 * serve (the probe of {@link UringProbe} failed, or the ring's setup did) gives epoll (or NIO, as
 * {@link IoPoller#AUTO} would), and one line on the {@code dev.weft} logger, once per JVM, says why.
 *
 * {@snippet :
 * RuntimeNet net = RuntimeNet.open(IoPoller.AUTO, "app-");
 * Driver driver = new Driver(clock, net.poller(), "app-driver");
 * net.register(drivers);       // Reactor.KEY, or NetProvider.KEY for the native sockets
 * net.close();                 // at the runtime's close, after its workers stopped
 * }
 */
public final class RuntimeNet {
    private static final AtomicBoolean FALLBACK_LOGGED = new AtomicBoolean();
    private static final AtomicBoolean URING_FALLBACK_LOGGED = new AtomicBoolean();

    private final IoPoller kind;
    private final Reactor reactor;
    private final EpollPoller epoll;
    private final UringPoller uring;

    private RuntimeNet(IoPoller kind, Reactor reactor, EpollPoller epoll, UringPoller uring) {
        this.kind = kind;
        this.reactor = reactor;
        this.epoll = epoll;
        this.uring = uring;
    }

    /**
     * @param choice what the builder asked for
     * @param name the runtime's name, for messages
     * @return the runtime's network, with its poller open
     * @throws UncheckedIOException if the poller cannot be opened
     * @throws UnsupportedOperationException if {@link IoPoller#EPOLL} was asked for where it is not available
     */
    public static RuntimeNet open(IoPoller choice, String name) {
        IoPoller kind = resolve(choice);
        if (kind == IoPoller.IO_URING) {
            try {
                return new RuntimeNet(kind, null, null, new UringPoller());
            } catch (IOException e) {
                kind = uringFallback(e.getMessage());
            }
        }
        try {
            if (kind == IoPoller.EPOLL) {
                EpollPoller p = new EpollPoller();
                return new RuntimeNet(kind, null, p, null);
            }
            return new RuntimeNet(kind, new Reactor(), null, null);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot open the " + kind + " poller of runtime " + name, e);
        }
    }

    /** @return {@code choice} with {@link IoPoller#AUTO} decided (and a fallback said once) */
    static IoPoller resolve(IoPoller choice) {
        if (choice == IoPoller.NIO) return IoPoller.NIO;
        if (choice == IoPoller.IO_URING) {
            UringProbe.Result r = UringProbe.result();
            return r.available() ? IoPoller.IO_URING : uringFallback(r.reason());
        }
        if (choice == IoPoller.EPOLL) {
            if (!Libc.AVAILABLE) throw new UnsupportedOperationException("IoPoller.EPOLL: " + Libc.UNAVAILABLE_REASON);
            return IoPoller.EPOLL;
        }
        // native access first: touching Libc binds its functions, which without the flag makes
        // the JDK warn about restricted methods
        String why = !RuntimeNet.class.getModule().isNativeAccessEnabled()
                ? "native access is not enabled for Weft (run java with --enable-native-access=ALL-UNNAMED,"
                        + " or =dev.weft on the module path)"
                : !Libc.AVAILABLE ? Libc.UNAVAILABLE_REASON : null;
        if (why == null) return IoPoller.EPOLL;
        if (FALLBACK_LOGGED.compareAndSet(false, true)) {
            System.getLogger("dev.weft").log(System.Logger.Level.INFO,
                    "Weft runtimes use the NIO selector, not the native epoll poller: " + why);
        }
        return IoPoller.NIO;
    }

    /** io_uring cannot serve: says why, once per JVM, and answers what {@link IoPoller#AUTO} would. */
    private static IoPoller uringFallback(String why) {
        IoPoller instead = resolve(IoPoller.AUTO);
        if (URING_FALLBACK_LOGGED.compareAndSet(false, true)) {
            System.getLogger("dev.weft").log(System.Logger.Level.INFO,
                    "Weft runtimes use the " + (instead == IoPoller.EPOLL ? "epoll" : "NIO") + " poller, not io_uring: " + why);
        }
        return instead;
    }

    /** @return the poller chosen: {@link IoPoller#NIO}, {@link IoPoller#EPOLL} or {@link IoPoller#IO_URING} */
    public IoPoller kind() {
        return kind;
    }

    /** @return what the runtime's driver waits in */
    public Poller poller() {
        return uring != null ? uring : epoll != null ? epoll : reactor;
    }

    /**
     * Registers the network among the runtime's drivers.
     *
     * @param drivers the runtime's drivers, being built
     */
    public void register(Drivers.Builder drivers) {
        if (uring != null) drivers.put(NetProvider.KEY, new UringNet(uring));
        else if (epoll != null) drivers.put(NetProvider.KEY, new NativeNet(epoll));
        else drivers.put(Reactor.KEY, reactor);
    }

    /** @return how many sockets are registered with the poller */
    public int registeredCount() {
        return uring != null ? uring.registeredCount() : epoll != null ? epoll.registeredCount() : reactor.registeredCount();
    }

    /**
     * Closes the poller and the sockets still registered with it (the runtime owned them).
     *
     * @return how many sockets it closed
     */
    public int close() {
        return uring != null ? uring.close() : epoll != null ? epoll.close() : reactor.close();
    }
}
