package dev.weft.weaver.asm;

import dev.weft.weaver.WeaveException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.analysis.Analyzer;
import org.objectweb.asm.tree.analysis.AnalyzerException;
import org.objectweb.asm.tree.analysis.BasicValue;
import org.objectweb.asm.util.CheckClassAdapter;

/**
 * Checks what the weaver wrote before anyone loads it: the class file's structure (ASM's
 * {@link CheckClassAdapter}) and, for the methods named, their types as the JVM's verifier checks
 * them ({@link TypedInterpreter}, class relations from class files, nothing loaded).
 *
 * {@snippet :
 * Verification.check(stateClassBytes, List.of("poll(Ldev/weft/future/Context;)Ldev/weft/future/Poll;"), hierarchy);
 * }
 */
final class Verification {
    private Verification() {}

    /**
     * @param classFile a class the weaver wrote
     * @param methods name + descriptor of the methods whose types to check
     * @param hierarchy class relations
     * @throws WeaveException naming the class or method, if a check fails
     */
    static void check(byte[] classFile, List<String> methods, Hierarchy hierarchy) {
        ClassReader cr = new ClassReader(classFile);
        try {
            cr.accept(new CheckClassAdapter(new ClassWriter(0), true), 0);
        } catch (RuntimeException e) {
            throw new WeaveException("the weaver produced an invalid class " + cr.getClassName()
                    + " (a weaver bug; please report it with the class file): " + e.getMessage(), e);
        }
        ClassNode cn = new ClassNode(Opcodes.ASM9);
        cr.accept(cn, 0);
        List<Type> itfs = cn.interfaces.stream().map(Type::getObjectType).toList();
        for (MethodNode m : cn.methods) {
            if (!methods.contains(m.name + m.desc)) continue;
            TypedInterpreter ti = new TypedInterpreter(hierarchy, cn.name, cn.superName, itfs,
                    (cn.access & Opcodes.ACC_INTERFACE) != 0);
            try {
                new Analyzer<BasicValue>(ti).analyze(cn.name, m);
            } catch (AnalyzerException e) {
                StringWriter problems = new StringWriter();
                CheckClassAdapter.verify(cr, null, false, new PrintWriter(problems));
                throw new WeaveException("the weaver produced code the verifier rejects in " + cn.name + "." + m.name
                        + " (a weaver bug; please report it): " + e.getMessage() + "\n" + problems, e);
            }
        }
    }
}
