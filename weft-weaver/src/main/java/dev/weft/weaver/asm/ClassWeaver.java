package dev.weft.weaver.asm;

import dev.weft.weaver.ClassBytes;
import dev.weft.weaver.ClassResolver;
import dev.weft.weaver.WeaveException;
import dev.weft.weaver.WeaveResult;
import dev.weft.weaver.Weaver;
import dev.weft.weaver.model.StateMachine;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.MethodTooLargeException;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.AnnotationNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.LineNumberNode;
import org.objectweb.asm.tree.MethodNode;

/**
 * Weaves one class: finds each {@code Weft.async} call site and, by data flow, the lambdas (or
 * same-class method references) that make its argument ({@link AsyncSites}); weaves once each such
 * body that calls {@code Weft.await} ({@link BodyWeaver}); replaces each of its lambdas by
 * {@code StateClass.create(captures)} where it is made, and drops the site's {@code Weft.async};
 * adds the woven bodies to the class and marks it. The original body methods stay, unreachable,
 * so that {@code expand} can re-derive the model from a woven class.
 *
 * <p>Several lambdas reaching one call ({@code Weft.async(c ? () -> a : () -> b)}, a switch
 * among lambdas) are each woven and replaced in their own branch; one that does not await gets
 * {@code Weft.async(lambda)} in its branch instead, so every branch still gives a future. A call
 * whose argument can also come from anywhere else (a local, a field, a call's result) is left as
 * it is, with a warning naming file:line if an awaiting lambda reaches it: replacing the lambda
 * there would hand a {@code Callable} and a future to the same code, and rewriting the other
 * sources (their casts may fail, their values may be used twice) is not worth what it would save.
 *
 * <p>A body the weaver cannot weave never breaks its class: each body is woven on its own, and
 * each method the weaver changes (a woven body, a method whose calls it rewrote) gets its
 * stack-map frames computed and is checked on its own ({@link MethodFrames},
 * {@link Verification}); every other method keeps the frames javac wrote. Any failure there, a
 * refusal or an exception of ASM or of the weaver, refuses the bodies it concerns, with file:line
 * and the reason; with {@code keepRefusedStackful} the class is woven again without them (they
 * run stackful) and the other bodies are woven. A body too large for the JVM's 64 KiB once woven
 * is first woven again without its loop copies.
 */
public final class ClassWeaver {
    /** What a refused body's warning ends with. */
    private static final String LEFT_STACKFUL = " (left unwoven: it runs as a stackful coroutine)";
    /** The methods of a state class whose types are checked. */
    private static final List<String> STATE_METHODS = List.of("resume(Ldev/weft/future/Context;)Ljava/lang/Object;",
            "poll(Ldev/weft/future/Context;)Ldev/weft/future/Poll;");

    private final Hierarchy hierarchy;
    private final BodyFinder finder;
    private final Weaver.Options options;

    /**
     * @param resolver finds class files for frames
     * @param options how to weave
     */
    public ClassWeaver(ClassResolver resolver, Weaver.Options options) {
        this.hierarchy = new Hierarchy(resolver);
        this.finder = new BodyFinder(hierarchy);
        this.options = options;
    }

    /**
     * @param bytes a class file
     * @return the result (see {@link Weaver#weave})
     */
    public WeaveResult weave(byte[] bytes) {
        return weave(bytes, Map.of(), Set.of());
    }

    /** Whether bodies resume awaits inside loops through loop copies ({@link LoopResumes}). */
    private static boolean loopCopies() {
        return Boolean.parseBoolean(System.getProperty("weft.weaver.loopResumes", "true"));
    }

    /**
     * Weaves all bodies but those in {@code skipped} (name + descriptor, with the reason), which
     * stay stackful; those in {@code flat} are woven without loop copies. Each body is woven, and
     * each method it changes gets its frames computed and is checked, on its own: a failure
     * anywhere is a refusal of the bodies it concerns, and with {@code keepRefusedStackful} the
     * class is woven again without them.
     */
    private WeaveResult weave(byte[] bytes, Map<String, String> skipped, Set<String> flat) {
        if (!ClassBytes.mentionsWeft(bytes)) return unchanged(className(bytes), bytes);
        ClassNode cn = parse(bytes);
        if (isMarked(cn)) return unchanged(cn.name, bytes);
        List<String> warnings = new ArrayList<>();
        checkInitializers(cn, warnings);
        Map<String, WovenBody> woven = new LinkedHashMap<>();
        for (MethodNode impl : finder.bodies(cn, warnings)) {
            String key = impl.name + impl.desc;
            if (skipped.containsKey(key)) {
                warnings.add(skipped.get(key) + LEFT_STACKFUL);
                continue;
            }
            try {
                WovenBody b = weaveBody(cn, impl, stateName(cn, impl, woven), loopCopies() && !flat.contains(key));
                if (b != null) woven.put(key, b);
            } catch (WeaveException e) {
                if (!options.keepRefusedStackful()) throw e;
                warnings.add(e.getMessage() + LEFT_STACKFUL);
            }
        }
        if (woven.isEmpty()) return new WeaveResult(cn.name, bytes, Map.of(), false, List.copyOf(warnings));
        Map<MethodNode, Changed> changed = new LinkedHashMap<>();
        for (Map.Entry<String, WovenBody> e : woven.entrySet()) {
            cn.methods.add(e.getValue().method());
            changed.put(e.getValue().method(), new Changed(Set.of(e.getKey()), null));
        }
        SiteRewriter.rewrite(cn, woven, warnings).forEach((m, r) -> changed.putIfAbsent(m, new Changed(r.bodies(), r.site())));
        for (Map.Entry<MethodNode, Changed> e : changed.entrySet()) {
            MethodNode m = e.getKey();
            MethodFrames.Framed framed;
            try {
                framed = MethodFrames.compute(cn, m, hierarchy);
                if (options.verify()) Verification.check(framed.alone(), List.of(m.name + m.desc), hierarchy);
            } catch (RuntimeException x) {
                return weaveWithout(bytes, cn, skipped, flat, m, e.getValue(), x);
            }
            cn.methods.set(cn.methods.indexOf(m), framed.method());
        }
        AnnotationNode marker = new AnnotationNode(Names.MARKER);
        List<String> entries = new ArrayList<>();
        for (Map.Entry<String, WovenBody> e : woven.entrySet()) entries.add(e.getKey() + "=" + e.getValue().stateClass());
        marker.values = List.of("bodies", entries);
        if (cn.invisibleAnnotations == null) cn.invisibleAnnotations = new ArrayList<>();
        cn.invisibleAnnotations.add(marker);
        byte[] out;
        try {
            ClassWriter cw = new ClassWriter(0); // every changed method has its frames, every other keeps javac's
            cn.accept(cw);
            out = cw.toByteArray();
            if (options.verify()) Verification.check(out, List.of(), hierarchy);
        } catch (RuntimeException x) {
            String reason = BodyWeaver.file(cn) + ": the class " + cn.name.replace('/', '.') + " is left unwoven: " + describe(x);
            if (!options.keepRefusedStackful()) throw new WeaveException(reason, x);
            warnings.add(reason + " (each of its bodies runs as a stackful coroutine)");
            return new WeaveResult(cn.name, bytes, Map.of(), false, List.copyOf(warnings));
        }
        Map<String, byte[]> added = new LinkedHashMap<>();
        for (WovenBody b : woven.values()) added.put(b.stateClass(), b.stateClassBytes());
        return new WeaveResult(cn.name, out, added, true, List.copyOf(warnings));
    }

    /**
     * A method the weaver changed: a woven body (blamed on itself), or a method whose
     * {@code Weft.async} calls it rewrote (blamed on the bodies woven there).
     *
     * @param bodies name + descriptor of the bodies refused if the method cannot be finished
     * @param site {@code File.java:line} of its first rewritten call, for messages; {@code null}
     *     for a woven body
     */
    private record Changed(Set<String> bodies, String site) {}

    /** Weaves one body and checks its state class; any failure is a {@link WeaveException} naming the body. */
    private WovenBody weaveBody(ClassNode cn, MethodNode impl, String stateClass, boolean copies) {
        WovenBody b;
        try {
            b = new BodyWeaver(cn, hierarchy, options.keepDeadLocals(), copies).weave(impl, stateClass);
            if (b != null && options.verify()) Verification.check(b.stateClassBytes(), STATE_METHODS, hierarchy);
        } catch (WeaveException e) {
            throw e;
        } catch (RuntimeException e) {
            throw new WeaveException(BodyWeaver.where(cn, impl) + ": " + impl.name + " is left unwoven: " + describe(e), e);
        }
        return b;
    }

    /**
     * The method {@code m} could not be finished ({@code x}): its bodies are refused, or, if it is
     * a woven body too large with its loop copies, woven again without them.
     */
    private WeaveResult weaveWithout(byte[] bytes, ClassNode cn, Map<String, String> skipped, Set<String> flat,
                                     MethodNode m, Changed changed, RuntimeException x) {
        String reason;
        if (changed.site() == null) {
            String key = changed.bodies().iterator().next();
            MethodNode impl = method(cn, key);
            if (x instanceof MethodTooLargeException) {
                if (loopCopies() && !flat.contains(key)) { // first without the loop copies, which only help the JIT
                    Set<String> noCopies = new HashSet<>(flat);
                    noCopies.add(key);
                    return weave(bytes, skipped, noCopies);
                }
                reason = tooLarge(cn, impl);
            } else {
                reason = BodyWeaver.where(cn, impl) + ": " + impl.name + " is left unwoven: " + describe(x);
            }
        } else {
            reason = changed.site() + ": the call of Weft.async in " + m.name + " is left unwoven: " + describe(x);
        }
        if (!options.keepRefusedStackful()) throw new WeaveException(reason, x);
        Map<String, String> more = new LinkedHashMap<>(skipped);
        for (String key : changed.bodies()) more.putIfAbsent(key, reason);
        return weave(bytes, more, flat);
    }

    /** @return a refusal's own message, or what failed, as a weaver bug, with what to do meanwhile */
    private static String describe(RuntimeException x) {
        if (x instanceof WeaveException) return x.getMessage();
        return "the weaver failed on it (" + x + "), a weaver bug unless a class file it read is damaged: please "
                + "report it with the class file. Fix meanwhile: keep the body stackful (the weaver's "
                + "keep-refused-stackful option), or make it a stackful coroutine with Coroutine.async(...).";
    }

    /** @return the method of {@code cn} named {@code key} (name + descriptor) */
    private static MethodNode method(ClassNode cn, String key) {
        for (MethodNode m : cn.methods) {
            if ((m.name + m.desc).equals(key)) return m;
        }
        throw new IllegalStateException("no method " + key + " in " + cn.name);
    }

    /**
     * The models of a class's bodies: re-derived from the kept originals if the class is woven,
     * else by weaving it in memory.
     *
     * @param bytes a class file
     * @param filter a substring of the body or enclosing method name, or {@code null}
     * @return the models
     */
    public List<StateMachine> models(byte[] bytes, String filter) {
        if (!ClassBytes.mentionsWeft(bytes)) return List.of();
        ClassNode cn = parse(bytes);
        List<StateMachine> out = new ArrayList<>();
        // the filter picks bodies before they are analysed: a body left out is not read, so what
        // it would need (a class missing from the class path) does not stop the others' expand
        if (isMarked(cn)) {
            for (String entry : markerEntries(cn)) {
                int eq = entry.indexOf('=');
                String key = entry.substring(0, eq);
                for (MethodNode m : cn.methods) {
                    if ((m.name + m.desc).equals(key) && kept(m, filter)) {
                        WovenBody b = model(cn, m, entry.substring(eq + 1));
                        if (b != null) out.add(b.model());
                    }
                }
            }
        } else {
            Map<String, WovenBody> seen = new LinkedHashMap<>();
            for (MethodNode impl : finder.bodies(cn, new ArrayList<>())) {
                if (!kept(impl, filter)) continue; // a state name depends only on bodies of the same method name
                WovenBody b = model(cn, impl, stateName(cn, impl, seen));
                if (b != null) {
                    seen.put(impl.name + impl.desc, b);
                    out.add(b.model());
                }
            }
        }
        return out;
    }

    /** Weaves one body for its model; a failure is a {@link WeaveException} naming the body. */
    private WovenBody model(ClassNode cn, MethodNode impl, String stateClass) {
        try {
            return new BodyWeaver(cn, hierarchy, options.keepDeadLocals(), loopCopies()).weave(impl, stateClass);
        } catch (WeaveException e) {
            throw e;
        } catch (RuntimeException e) {
            throw new WeaveException(BodyWeaver.where(cn, impl) + ": " + impl.name + " cannot be expanded: " + describe(e), e);
        }
    }

    /** @return whether {@code expand}'s method filter keeps the body {@code m} ({@code null}: all) */
    private static boolean kept(MethodNode m, String filter) {
        return filter == null || m.name.contains(filter);
    }

    private static String tooLarge(ClassNode cn, MethodNode body) {
        return BodyWeaver.where(cn, body) + ": the woven form of " + body.name + " is larger than the JVM's 64 KiB "
                + "limit on a method's code (each await adds code to save and restore the locals live there). Fix: "
                + "split the body into smaller Weft.async bodies and await them in turn.";
    }

    private static String className(byte[] bytes) {
        try {
            return new ClassReader(bytes).getClassName();
        } catch (IllegalArgumentException e) {
            return parse(bytes).name; // throws the version message
        }
    }

    /** @return the class, frames kept (the methods the weaver does not change keep them) */
    static ClassNode parse(byte[] bytes) {
        ClassReader cr;
        try {
            cr = new ClassReader(bytes);
        } catch (IllegalArgumentException e) {
            int major = bytes.length > 8 ? ((bytes[6] & 0xff) << 8) | (bytes[7] & 0xff) : -1;
            throw new WeaveException("class file version " + major + " (Java " + (major - 44) + ") is newer than "
                    + "this weaver knows (its ASM reads up to Java 26). Fix: use a weft-weaver built with a newer "
                    + "ASM, or compile with --release 26 or lower.", e);
        }
        ClassNode cn = new ClassNode(Opcodes.ASM9);
        cr.accept(cn, 0);
        return cn;
    }

    private static WeaveResult unchanged(String name, byte[] bytes) {
        return new WeaveResult(name, bytes, Map.of(), false, List.of());
    }

    private static boolean isMarked(ClassNode cn) {
        if (cn.invisibleAnnotations == null) return false;
        for (AnnotationNode a : cn.invisibleAnnotations) {
            if (a.desc.equals(Names.MARKER)) return true;
        }
        return false;
    }

    @SuppressWarnings("unchecked")
    private static List<String> markerEntries(ClassNode cn) {
        for (AnnotationNode a : cn.invisibleAnnotations) {
            if (a.desc.equals(Names.MARKER) && a.values != null) return (List<String>) a.values.get(1);
        }
        return List.of();
    }

    private void checkInitializers(ClassNode cn, List<String> warnings) {
        for (MethodNode m : cn.methods) {
            boolean ctor = m.name.equals("<init>");
            if (!ctor && !m.name.equals("<clinit>")) continue;
            int line = -1;
            for (AbstractInsnNode insn = m.instructions.getFirst(); insn != null; insn = insn.getNext()) {
                if (insn instanceof LineNumberNode ln) line = ln.line;
                if (!Names.isAwait(insn)) continue;
                String simple = cn.name.substring(cn.name.lastIndexOf('/') + 1);
                String file = cn.sourceFile != null ? cn.sourceFile : cn.name.replace('/', '.');
                String msg = ctor
                        ? file + ":" + line + ": Weft.await in a constructor of " + simple + ": a constructor cannot "
                          + "be woven, and the await would block the thread that runs it (inside a task: a worker). "
                          + "Fix: await the value first (in a Weft.async body) and pass it to the constructor, or "
                          + "add a static factory that returns a Future."
                        : file + ":" + line + ": Weft.await in the static initializer of " + simple + ": class "
                          + "initialization cannot suspend, and the await would block every thread that touches "
                          + simple + ". Fix: initialize the value lazily in a Weft.async body.";
                if (!options.keepRefusedStackful()) throw new WeaveException(msg);
                warnings.add(msg + " (left as a blocking await)");
            }
        }
    }

    private String stateName(ClassNode cn, MethodNode impl, Map<String, WovenBody> taken) {
        String base = impl.name.startsWith("lambda$") ? impl.name.substring("lambda$".length()) : impl.name + "$ref";
        base = base.replace('<', '_').replace('>', '_');
        Set<String> used = new HashSet<>();
        for (WovenBody b : taken.values()) used.add(b.stateClass());
        if (cn.innerClasses != null) cn.innerClasses.forEach(ic -> used.add(ic.name));
        String name = cn.name + "$" + base;
        for (int k = 2; used.contains(name); k++) name = cn.name + "$" + base + "$" + k;
        return name;
    }
}
