package dev.weft.weaver;

import dev.weft.weaver.agent.ClassDefiner;
import dev.weft.weaver.agent.WeavingTransformer;
import java.lang.instrument.Instrumentation;

/**
 * The java agent of {@code weft-weaver.jar}: weaves each class as the JVM loads it, so an
 * application gets state-machine futures without weaving at build time.
 *
 * {@snippet lang=sh :
 * java -javaagent:weft-weaver.jar -cp app.jar:weft-core.jar com.example.Main
 * }
 *
 * <p>What it weaves: classes of application class loaders, outside the JDK, whose bytes mention
 * {@code dev/weft/Weft} and that are not woven yet (a class woven at build time is left as it is).
 * Any other class costs one scan of its bytes. The weaver finds the classes a woven class mentions
 * through that class's own loader. Each state class is defined in the woven class's loader and
 * package before the woven class is; this needs no JVM flag ({@link ClassDefiner} says how, and why
 * the application's code gains no access to {@code java.lang} by it).
 *
 * <p>Refusals: an agent must not make class loading fail, so a body the weaver refuses (or fails to
 * weave) stays unwoven, running as a stackful coroutine, while the other bodies of its class are
 * woven; the weaver's message goes to standard error, as do a failure of the weaver and of
 * defining a state class (which leave the class as it was). The option
 * {@code keep-refused-stackful} says the same and is still taken.
 *
 * <p>Attached to a running JVM ({@link #agentmain}), it weaves only the classes loaded from then
 * on: a class already loaded cannot gain the methods weaving adds.
 */
public final class Agent {
    private Agent() {}

    /**
     * Installs the weaving transformer before {@code main}.
     *
     * @param options {@code null}, empty or {@code keep-refused-stackful}
     * @param inst the JVM's instrumentation
     * @throws IllegalArgumentException if {@code options} is anything else
     */
    public static void premain(String options, Instrumentation inst) {
        install(options, inst);
    }

    /**
     * Installs the weaving transformer in a running JVM.
     *
     * @param options as {@link #premain}
     * @param inst the JVM's instrumentation
     * @throws IllegalArgumentException if {@code options} is not one {@link #premain} takes
     */
    public static void agentmain(String options, Instrumentation inst) {
        install(options, inst);
    }

    private static void install(String options, Instrumentation inst) {
        Weaver.Options d = Weaver.Options.defaults();
        boolean keep = switch (options == null ? "" : options.strip()) {
            case "", "keep-refused-stackful" -> true; // a refused body alone stays stackful
            default -> throw new IllegalArgumentException("weft agent: unknown option '" + options
                    + "'; the one option is keep-refused-stackful (-javaagent:weft-weaver.jar=keep-refused-stackful)");
        };
        Weaver.Options weaving = new Weaver.Options(keep, d.keepDeadLocals(), d.verify());
        inst.addTransformer(new WeavingTransformer(weaving, ClassDefiner.open(inst), System.err));
    }
}
