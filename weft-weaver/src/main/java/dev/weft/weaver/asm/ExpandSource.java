package dev.weft.weaver.asm;

import dev.weft.weaver.ClassResolver;
import dev.weft.weaver.Weaver;
import dev.weft.weaver.model.StateMachine;
import java.util.List;

/** Where {@code expand} gets its models: the ASM back end's analysis of a class file. */
public final class ExpandSource {
    private ExpandSource() {}

    /**
     * @param classFile a class file, woven or not
     * @param resolver finds the classes it mentions
     * @param method a substring of the body method's name, or {@code null}
     * @return the models of its woven bodies
     */
    public static List<StateMachine> models(byte[] classFile, ClassResolver resolver, String method) {
        return new ClassWeaver(resolver, Weaver.Options.defaults()).models(classFile, method);
    }
}
