package dev.weft.weaver.testkit;

import dev.weft.weaver.ClassResolver;
import dev.weft.weaver.WeaveResult;
import dev.weft.weaver.Weaver;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;

/**
 * A child-first class loader that weaves the classes it is chosen for: it reads each one's class
 * file (from the parent's resources, or from memory), weaves it with {@link Weaver}, defines the
 * result, checks it and every state class the weaver added with {@link ClassVerification}, and
 * defines the added state classes when the woven code first needs them. Every other class (Weft,
 * the JDK, the test kit) comes from the parent, so a woven body and the test share {@link Probe}
 * and {@code WovenFuture}.
 *
 * {@snippet :
 * WeavingClassLoader woven = WeavingClassLoader.ofPackages(getClass().getClassLoader(), "dev.weft.weaver.diff.bodies.");
 * Class<?> loops = woven.loadClass("dev.weft.weaver.diff.bodies.Loops"); // woven and verified
 * byte[] bytes = woven.result("dev.weft.weaver.diff.bodies.Loops").bytes();
 * }
 *
 * <p>A body the weaver refuses stays stackful ({@link Weaver.Options#keepRefusedStackful}) and its
 * reason is kept in {@link #warnings()}: one refused body then fails its own test (which finds no
 * {@code WovenFuture}) instead of every test of its class.
 *
 * <p>Classes are defined under the loader's lock ({@code loadClass} is synchronized on it), so its
 * maps are guarded by {@code this}.
 */
public final class WeavingClassLoader extends ClassLoader {
    private static final Weaver.Options OPTIONS = new Weaver.Options(true, false, true);

    private final Predicate<String> chosen;
    private final ClassResolver source;
    private final Weaver weaver;
    private final Map<String, byte[]> added = new HashMap<>(); // binary name -> state class not yet defined
    private final Map<String, WeaveResult> results = new HashMap<>(); // binary name -> weaving of a chosen class
    private final List<String> warnings = new ArrayList<>();
    private final Map<String, VerifyError> rejected = new HashMap<>(); // binary name -> why its weaving is bad

    private WeavingClassLoader(ClassLoader parent, Predicate<String> chosen, ClassResolver source) {
        super("weaving", parent);
        this.chosen = chosen;
        this.source = source;
        this.weaver = new Weaver(ClassResolver.chain(source, ClassResolver.of(parent)), OPTIONS);
    }

    /**
     * @param parent loads everything not chosen, and holds the class files of the chosen classes
     * @param prefixes binary-name prefixes of the chosen classes ({@code "com.example.bodies."})
     * @return a loader weaving every class whose name starts with one of {@code prefixes}
     */
    public static WeavingClassLoader ofPackages(ClassLoader parent, String... prefixes) {
        List<String> list = List.of(prefixes);
        return new WeavingClassLoader(parent, n -> list.stream().anyMatch(n::startsWith), ClassResolver.of(parent));
    }

    /**
     * @param parent loads everything not chosen, and holds the class files of the chosen classes
     * @param names binary names of the chosen classes; their nested classes are chosen too, so
     *     that nestmates share a loader
     * @return a loader weaving those classes
     */
    public static WeavingClassLoader ofClasses(ClassLoader parent, Set<String> names) {
        Set<String> copy = Set.copyOf(names);
        Predicate<String> chosen = n -> copy.contains(n) || copy.stream().anyMatch(c -> n.startsWith(c + "$"));
        return new WeavingClassLoader(parent, chosen, ClassResolver.of(parent));
    }

    /**
     * @param parent loads everything else
     * @param classFiles class files by binary name, all of them chosen (what {@link MemoryCompiler}
     *     gives)
     * @return a loader weaving those classes
     */
    public static WeavingClassLoader ofClassFiles(ClassLoader parent, Map<String, byte[]> classFiles) {
        Map<String, byte[]> copy = Map.copyOf(classFiles);
        return new WeavingClassLoader(parent, copy::containsKey, internal -> copy.get(internal.replace('/', '.')));
    }

    /**
     * @param binaryName a chosen class this loader has loaded
     * @return what weaving it gave (its {@link WeaveResult#bytes()} are what was defined)
     * @throws IllegalArgumentException if this loader has not loaded that class
     */
    public synchronized WeaveResult result(String binaryName) {
        WeaveResult r = results.get(binaryName);
        if (r == null) throw new IllegalArgumentException(binaryName + " was not woven by this loader; it has woven " + results.keySet());
        return r;
    }

    /** @return the weaver's warnings for every class woven so far: bodies it left stackful, with the reason */
    public synchronized List<String> warnings() {
        return List.copyOf(warnings);
    }

    @Override
    protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
        synchronized (getClassLoadingLock(name)) {
            VerifyError bad = rejected.get(name);
            if (bad != null) throw new VerifyError(bad.getMessage());
            Class<?> c = findLoadedClass(name);
            if (c == null) {
                if (added.containsKey(name)) {
                    c = findClass(name);
                } else if (chosen.test(name)) {
                    c = weaveAndDefine(name);
                } else {
                    return super.loadClass(name, resolve);
                }
            }
            if (resolve) resolveClass(c);
            return c;
        }
    }

    /** Defines a state class the weaver added; it was verified with the class that needs it. */
    @Override
    protected Class<?> findClass(String name) throws ClassNotFoundException {
        synchronized (getClassLoadingLock(name)) {
            byte[] b = added.remove(name);
            if (b == null) throw new ClassNotFoundException(name + " (not a state class added by the weaver)");
            return defineClass(name, b, 0, b.length);
        }
    }

    /**
     * Weaves, then defines before verifying: the verifier loads the classes it compares, and one of
     * them may be a nestmate that refers back to this class, which must then already exist. A class
     * that fails verification stays rejected: every later load of it throws again.
     */
    private Class<?> weaveAndDefine(String name) throws ClassNotFoundException {
        byte[] original = source.find(name.replace('.', '/'));
        if (original == null) throw new ClassNotFoundException(name);
        WeaveResult r = weaver.weave(original);
        results.put(name, r);
        warnings.addAll(r.warnings());
        r.addedClasses().forEach((internal, bytes) -> added.put(internal.replace('/', '.'), bytes));
        Class<?> c = defineClass(name, r.bytes(), 0, r.bytes().length);
        try {
            if (r.changed()) ClassVerification.verify(name, r.bytes(), this);
            r.addedClasses().forEach((internal, bytes) -> ClassVerification.verify(internal.replace('/', '.'), bytes, this));
        } catch (VerifyError e) {
            rejected.put(name, e);
            throw e;
        }
        return c;
    }
}
