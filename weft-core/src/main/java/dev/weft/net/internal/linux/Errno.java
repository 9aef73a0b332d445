package dev.weft.net.internal.linux;

import java.io.IOException;
import java.net.BindException;
import java.net.ConnectException;
import java.net.NoRouteToHostException;
import java.net.PortUnreachableException;
import java.net.SocketException;
import java.nio.channels.ClosedChannelException;

/**
 * The {@code errno} values the native sockets act on (Linux, generic ABI: the same on x86-64 and
 * aarch64), and the exception each one becomes: the classes the JDK's NIO sockets throw for the
 * same errors, so code above cannot tell the two pollers apart.
 *
 * {@snippet :
 * if (n < 0) throw Errno.exception(Libc.errno(capture), "recv");
 * }
 *
 * <p>The accept errors that pass ({@code EMFILE}, {@code ENFILE}, {@code ENOBUFS}, {@code ENOMEM},
 * and the pending network errors accept(2) says to retry) become a plain {@link IOException}, as
 * the JDK makes them: {@code AcceptBackoff} tells them by that class, never by the text.
 */
public final class Errno {
    public static final int EINTR = 4;
    public static final int EBADF = 9;
    public static final int EAGAIN = 11;
    public static final int ENOMEM = 12;
    public static final int EINVAL = 22;
    public static final int ENFILE = 23;
    public static final int EMFILE = 24;
    public static final int EPIPE = 32;
    public static final int ENOBUFS = 105;
    public static final int EADDRINUSE = 98;
    public static final int EADDRNOTAVAIL = 99;
    public static final int ENETUNREACH = 101;
    public static final int ECONNABORTED = 103;
    public static final int ECONNRESET = 104;
    public static final int ENOTCONN = 107;
    public static final int ETIMEDOUT = 110;
    public static final int ECONNREFUSED = 111;
    public static final int EHOSTUNREACH = 113;
    public static final int EALREADY = 114;
    public static final int EINPROGRESS = 115;

    private Errno() {}

    /**
     * @param errno the error
     * @param call the failed call, for the message
     * @return the exception the JDK's sockets would throw for it
     */
    public static IOException exception(int errno, String call) {
        String text = Libc.strerror(errno) + " (" + call + ", errno " + errno + ")";
        return switch (errno) {
            case ECONNREFUSED -> new ConnectException("Connection refused (" + call + ")");
            case EADDRINUSE, EADDRNOTAVAIL -> new BindException(text);
            case ENETUNREACH, EHOSTUNREACH -> new NoRouteToHostException(text);
            case EBADF -> new ClosedChannelException();
            case ECONNRESET, EPIPE, ETIMEDOUT, ENOTCONN -> new SocketException(text);
            default -> new IOException(text);
        };
    }

    /**
     * The exception for a failed {@code sendto}/{@code recvfrom} on a UDP socket: an ICMP port
     * unreachable from the peer surfaces as {@code ECONNREFUSED}.
     *
     * @param errno the error
     * @param call the failed call
     * @return the exception
     */
    public static IOException datagramException(int errno, String call) {
        if (errno == ECONNREFUSED) return new PortUnreachableException("the peer's port is unreachable (" + call + ")");
        return exception(errno, call);
    }
}
