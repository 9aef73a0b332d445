package dev.weft.net.internal;

import dev.weft.net.internal.linux.Libc;
import dev.weft.net.internal.epoll.EpollPoller;
import dev.weft.net.internal.epoll.NativeNet;
import dev.weft.net.internal.nio.Reactor;
import dev.weft.internal.Drivers;
import dev.weft.net.IoPoller;
import dev.weft.driver.internal.Poller;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The network part of one runtime's drivers: its poller (NIO's {@link Reactor} or the native
 * {@link EpollPoller} with its {@link NativeNet}), chosen once at build time, registered among the
 * runtime's drivers, counted in its metrics and closed by its {@code close()}.
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

    private final IoPoller kind;
    private final Reactor reactor;
    private final EpollPoller epoll;

    private RuntimeNet(IoPoller kind, Reactor reactor, EpollPoller epoll) {
        this.kind = kind;
        this.reactor = reactor;
        this.epoll = epoll;
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
        try {
            if (kind == IoPoller.EPOLL) {
                EpollPoller p = new EpollPoller();
                return new RuntimeNet(kind, null, p);
            }
            return new RuntimeNet(kind, new Reactor(), null);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot open the " + kind + " poller of runtime " + name, e);
        }
    }

    /** @return {@code choice} with {@link IoPoller#AUTO} decided (and a fallback said once) */
    static IoPoller resolve(IoPoller choice) {
        if (choice == IoPoller.NIO) return IoPoller.NIO;
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

    /** @return the poller chosen: {@link IoPoller#NIO} or {@link IoPoller#EPOLL} */
    public IoPoller kind() {
        return kind;
    }

    /** @return what the runtime's driver waits in */
    public Poller poller() {
        return epoll != null ? epoll : reactor;
    }

    /**
     * Registers the network among the runtime's drivers.
     *
     * @param drivers the runtime's drivers, being built
     */
    public void register(Drivers.Builder drivers) {
        if (epoll != null) drivers.put(NetProvider.KEY, new NativeNet(epoll));
        else drivers.put(Reactor.KEY, reactor);
    }

    /** @return how many sockets are registered with the poller */
    public int registeredCount() {
        return epoll != null ? epoll.registeredCount() : reactor.registeredCount();
    }

    /**
     * Closes the poller and the sockets still registered with it (the runtime owned them).
     *
     * @return how many sockets it closed
     */
    public int close() {
        return epoll != null ? epoll.close() : reactor.close();
    }
}
