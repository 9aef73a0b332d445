package dev.weft.net;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.net.spi.InetAddressResolver;
import java.net.spi.InetAddressResolverProvider;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;

/**
 * The test JVM's name resolver (installed through META-INF/services): names ending in
 * {@code .weft-test} resolve to 127.0.0.1 ({@code fail.weft-test} fails), and the thread that
 * looked each one up is recorded; every other name goes to the JDK's own resolver.
 */
public final class RecordingResolverProvider extends InetAddressResolverProvider {
    /** Host name → name of the thread that resolved it last. */
    static final Map<String, String> RESOLVED_ON = new ConcurrentHashMap<>();

    @Override
    public InetAddressResolver get(Configuration configuration) {
        InetAddressResolver builtin = configuration.builtinResolver();
        return new InetAddressResolver() {
            @Override
            public Stream<InetAddress> lookupByName(String host, LookupPolicy policy) throws UnknownHostException {
                if (!host.endsWith(".weft-test")) return builtin.lookupByName(host, policy);
                RESOLVED_ON.put(host, Thread.currentThread().getName());
                if (host.equals("fail.weft-test")) throw new UnknownHostException(host + ": no such test host");
                return List.of(InetAddress.getByAddress(host, new byte[] {127, 0, 0, 1})).stream();
            }

            @Override
            public String lookupByAddress(byte[] addr) throws UnknownHostException {
                return builtin.lookupByAddress(addr);
            }
        };
    }

    @Override
    public String name() {
        return "weft-test-recording-resolver";
    }
}
