package dev.weft.net.internal.linux;

import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.net.Inet4Address;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.nio.ByteOrder;
import java.nio.channels.UnresolvedAddressException;
import java.nio.channels.UnsupportedAddressTypeException;

/**
 * {@code struct sockaddr_in} / {@code sockaddr_in6} in native memory, to and from
 * {@link InetSocketAddress}. A buffer of {@link #SIZE} bytes holds either.
 *
 * {@snippet :
 * int len = SockAddr.encode(buf, new InetSocketAddress("127.0.0.1", 7000));
 * Libc.connect(errno, fd, buf, len);
 * }
 *
 * <pre>
 * sockaddr_in   (16 bytes): u16 family (host order) | u16 port (big-endian) | 4 address | 8 zero
 * sockaddr_in6  (28 bytes): u16 family | u16 port (BE) | u32 flowinfo | 16 address | u32 scope id
 * </pre>
 */
public final class SockAddr {
    /** Room for either layout. */
    public static final int SIZE = 28;

    private static final ValueLayout.OfShort PORT = ValueLayout.JAVA_SHORT_UNALIGNED.withOrder(ByteOrder.BIG_ENDIAN);

    private SockAddr() {}

    /**
     * @param address an address
     * @return the address family ({@link Libc#AF_INET} or {@link Libc#AF_INET6}) it needs
     */
    public static int family(SocketAddress address) {
        return resolved(address).getAddress() instanceof Inet6Address ? Libc.AF_INET6 : Libc.AF_INET;
    }

    /**
     * Writes {@code address} at the start of {@code buf} (at least {@link #SIZE} bytes).
     *
     * @return the length of the structure written
     */
    public static int encode(MemorySegment buf, SocketAddress address) {
        InetSocketAddress a = resolved(address);
        buf.fill((byte) 0);
        byte[] ip = a.getAddress().getAddress();
        buf.set(PORT, 2, (short) a.getPort());
        if (ip.length == 4) {
            buf.set(ValueLayout.JAVA_SHORT_UNALIGNED, 0, (short) Libc.AF_INET);
            MemorySegment.copy(ip, 0, buf, ValueLayout.JAVA_BYTE, 4, 4);
            return 16;
        }
        buf.set(ValueLayout.JAVA_SHORT_UNALIGNED, 0, (short) Libc.AF_INET6);
        MemorySegment.copy(ip, 0, buf, ValueLayout.JAVA_BYTE, 8, 16);
        int scope = a.getAddress() instanceof Inet6Address v6 ? v6.getScopeId() : 0;
        buf.set(ValueLayout.JAVA_INT_UNALIGNED, 24, scope);
        return 28;
    }

    /**
     * Reads the address at the start of {@code buf}.
     *
     * @return the address
     * @throws IOException if the family is neither IPv4 nor IPv6
     */
    public static InetSocketAddress decode(MemorySegment buf) throws IOException {
        int family = buf.get(ValueLayout.JAVA_SHORT_UNALIGNED, 0);
        int port = Short.toUnsignedInt(buf.get(PORT, 2));
        byte[] ip;
        if (family == Libc.AF_INET) {
            ip = new byte[4];
            MemorySegment.copy(buf, ValueLayout.JAVA_BYTE, 4, ip, 0, 4);
            return new InetSocketAddress(InetAddress.getByAddress(ip), port);
        }
        if (family == Libc.AF_INET6) {
            ip = new byte[16];
            MemorySegment.copy(buf, ValueLayout.JAVA_BYTE, 8, ip, 0, 16);
            int scope = buf.get(ValueLayout.JAVA_INT_UNALIGNED, 24);
            InetAddress v6 = scope == 0 ? InetAddress.getByAddress(ip) : Inet6Address.getByAddress(null, ip, scope);
            return new InetSocketAddress(v6, port);
        }
        throw new IOException("unexpected address family " + family);
    }

    /** @return {@code address} as a resolved internet address, or the exception NIO throws */
    private static InetSocketAddress resolved(SocketAddress address) {
        if (!(address instanceof InetSocketAddress a)) throw new UnsupportedAddressTypeException();
        if (a.isUnresolved()) throw new UnresolvedAddressException();
        InetAddress ip = a.getAddress();
        if (!(ip instanceof Inet4Address) && !(ip instanceof Inet6Address)) throw new UnsupportedAddressTypeException();
        return a;
    }

}
