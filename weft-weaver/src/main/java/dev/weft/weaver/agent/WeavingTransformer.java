package dev.weft.weaver.agent;

import dev.weft.weaver.ClassResolver;
import dev.weft.weaver.WeaveException;
import dev.weft.weaver.WeaveResult;
import dev.weft.weaver.Weaver;
import dev.weft.weaver.ClassBytes;
import java.io.PrintStream;
import java.lang.instrument.ClassFileTransformer;
import java.security.ProtectionDomain;
import java.util.List;
import java.util.Map;

/**
 * The agent's transformer: weaves each class as it is loaded, and defines its state classes in its
 * loader and package (with {@link ClassDefiner}) before returning the woven class.
 *
 * {@snippet :
 * inst.addTransformer(new WeavingTransformer(Weaver.Options.defaults(), ClassDefiner.open(inst), System.err));
 * }
 *
 * <p>It looks only at classes of application loaders, not being redefined, outside the JDK, that
 * mention {@code dev/weft/Weft} and are not woven yet ({@link ClassBytes}): for every other class
 * it costs a scan of the bytes at most. It never weaves the weaver: the classes a thread loads
 * while it weaves are skipped. A refused body, a failing weaver or a state class that cannot be
 * defined leave the class unwoven with a message on {@code log}: it never makes class loading
 * fail.
 *
 * <p>Thread-safe: each class gets a weaver of its own.
 */
public final class WeavingTransformer implements ClassFileTransformer {
    /** Internal-name prefixes of the JDK's classes, never woven. */
    private static final List<String> JDK = List.of("java/", "javax/", "jdk/", "sun/", "com/sun/");

    private final Weaver.Options options;
    private final ClassDefiner definer;
    private final PrintStream log;
    /**
     * Set while this thread weaves a class: the classes loaded meanwhile are the weaver's own (it
     * reads the classes it needs as resources and loads none), and the state classes it defines.
     */
    private final ThreadLocal<Boolean> weaving = new ThreadLocal<>();

    /**
     * @param options how to weave
     * @param definer defines the state classes
     * @param log where refusals and warnings go
     */
    public WeavingTransformer(Weaver.Options options, ClassDefiner definer, PrintStream log) {
        this.options = options;
        this.definer = definer;
        this.log = log;
    }

    @Override
    public byte[] transform(ClassLoader loader, String className, Class<?> classBeingRedefined, ProtectionDomain domain,
                            byte[] classFile) {
        if (!isCandidate(loader, className, classBeingRedefined) || weaving.get() != null) return null;
        if (!ClassBytes.mentionsWeft(classFile) || ClassBytes.isWoven(classFile)) return null;
        weaving.set(Boolean.TRUE);
        try {
            return weave(loader, className.replace('/', '.'), domain, classFile);
        } finally {
            weaving.remove();
        }
    }

    private byte[] weave(ClassLoader loader, String name, ProtectionDomain domain, byte[] classFile) {
        WeaveResult r;
        try {
            r = new Weaver(ClassResolver.of(loader), options).weave(classFile);
        } catch (WeaveException e) {
            log.println("weft agent: " + name + " left unwoven: " + e.getMessage());
            return null;
        } catch (RuntimeException e) {
            log.println("weft agent: " + name + " left unwoven: the weaver failed on it:");
            e.printStackTrace(log);
            return null;
        }
        for (String w : r.warnings()) log.println("weft agent: warning: " + w);
        if (!r.changed()) return null;
        try {
            for (Map.Entry<String, byte[]> a : r.addedClasses().entrySet()) {
                definer.define(loader, a.getKey().replace('/', '.'), a.getValue(), domain);
            }
        } catch (LinkageError e) {
            log.println("weft agent: " + name + " left unwoven: defining its state classes failed: " + e);
            return null;
        }
        return r.bytes();
    }

    private static boolean isCandidate(ClassLoader loader, String className, Class<?> classBeingRedefined) {
        if (loader == null || loader == ClassLoader.getPlatformClassLoader()) return false;
        if (className == null || classBeingRedefined != null) return false; // a loaded class cannot gain methods
        for (String prefix : JDK) {
            if (className.startsWith(prefix)) return false;
        }
        return true;
    }
}
