package dev.weft.weaver;

import dev.weft.weaver.asm.ClassWeaver;

/**
 * The weaver: rewrites every lambda and same-class method reference passed to
 * {@code Weft.async(...)} whose body calls {@code Weft.await} into a state-machine future (a
 * subclass of {@code dev.weft.coro.WovenFuture}), as Rust lowers an {@code async} block. The Maven
 * plugin, the java agent and the command line all call {@link #weave(byte[])}.
 *
 * {@snippet :
 * Weaver weaver = new Weaver(ClassResolver.of(getClass().getClassLoader()), Weaver.Options.defaults());
 * WeaveResult r = weaver.weave(classFileBytes);
 * // write r.bytes() in place of the input, and each of r.addedClasses() beside it
 * }
 *
 * <p>A woven class carries the invisible annotation {@code @dev.weft.coro.Woven}; weaving it
 * again changes nothing.
 */
public final class Weaver {
    private final ClassResolver resolver;
    private final Options options;

    /**
     * @param resolver finds the class files of the classes the woven code mentions (for frames)
     * @param options how to weave
     */
    public Weaver(ClassResolver resolver, Options options) {
        this.resolver = resolver;
        this.options = options;
    }

    /**
     * Weaves one class file.
     *
     * @param classFile the class file
     * @return the woven class and the state classes it needs; unchanged if it has no body to weave
     * @throws WeaveException if a body is refused (and {@link Options#keepRefusedStackful} is off),
     *     or the class file version is newer than the weaver knows; a body the weaver fails on (an
     *     exception of ASM or of the weaver, a class its frames need that cannot be found) is
     *     refused like any other, naming its file and line, and never stops the other bodies
     */
    public WeaveResult weave(byte[] classFile) {
        return new ClassWeaver(resolver, options).weave(classFile);
    }

    /**
     * How to weave.
     *
     * @param keepRefusedStackful leave a refused body unwoven (it runs as a stackful coroutine) and
     *     report a warning, instead of failing; the class's other bodies are still woven
     * @param keepDeadLocals spill every local in scope at an await, not only the live ones (for a
     *     debugger that wants to see them after a resume)
     * @param verify check every woven class with ASM's verifier before returning it
     */
    public record Options(boolean keepRefusedStackful, boolean keepDeadLocals, boolean verify) {
        /** @return refusals fail, dead locals dropped, output verified */
        public static Options defaults() {
            return new Options(false, false, true);
        }
    }
}
