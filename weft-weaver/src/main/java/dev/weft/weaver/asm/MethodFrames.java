package dev.weft.weaver.asm;

import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.MethodNode;

/**
 * Computes the stack-map frames and maximums of one method the weaver changed, alone: the method
 * is written into a class of its own with its host's name, version, superclass and interfaces,
 * by a {@link FrameWriter}, and read back. So a failure (a class the frames need that the weaver
 * cannot find, code ASM cannot analyse, a method past 64 KiB) names the method it comes from, and
 * the methods the weaver did not change keep the frames javac wrote (the class is then written
 * without computing frames).
 *
 * {@snippet :
 * MethodFrames.Framed f = MethodFrames.compute(host, wovenBody, hierarchy); // throws if it cannot
 * host.methods.set(host.methods.indexOf(wovenBody), f.method());
 * }
 */
final class MethodFrames {
    private MethodFrames() {}

    /**
     * One method with its frames.
     *
     * @param method the method, frames and maximums included
     * @param alone the class file of a class holding only it, for checking it
     */
    record Framed(MethodNode method, byte[] alone) {}

    /**
     * @param host the method's class (only its header is read)
     * @param method the method; frames it holds are ignored
     * @param hierarchy class relations for merging types
     * @return the method with computed frames
     * @throws RuntimeException what ASM or the hierarchy throws: {@code MethodTooLargeException},
     *     {@code WeaveException} for a class it cannot find, or another failure
     */
    static Framed compute(ClassNode host, MethodNode method, Hierarchy hierarchy) {
        ClassWriter cw = new FrameWriter(hierarchy);
        cw.visit(host.version, host.access, host.name, null, host.superName, host.interfaces.toArray(String[]::new));
        if (host.sourceFile != null) cw.visitSource(host.sourceFile, null);
        method.accept(cw);
        cw.visitEnd();
        byte[] alone = cw.toByteArray();
        ClassNode read = new ClassNode(Opcodes.ASM9);
        new ClassReader(alone).accept(read, 0);
        return new Framed(read.methods.get(0), alone);
    }
}
