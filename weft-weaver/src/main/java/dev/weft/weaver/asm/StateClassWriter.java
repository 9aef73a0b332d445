package dev.weft.weaver.asm;

import dev.weft.weaver.model.StateMachine;
import java.util.List;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;

/**
 * Generates a body's state class {@code Foo$bar$0}: a final subclass of
 * {@code dev.weft.coro.WovenFuture} holding the captured values, the resume label and the spill
 * fields, with a factory {@code create(captures)} that replaces the body's
 * {@code Weft.async(lambda)} call site and a {@code resume(Context)} that calls the woven body in
 * the user's class. Its source file is the user's, so its frames in traces name that file too.
 */
final class StateClassWriter {
    /** The resume label field. */
    static final String LABEL = "label";

    /**
     * The label field's type: the smallest of {@code byte}, {@code short} and {@code int} that holds
     * every label (0 to the number of awaits). A {@code byte} fits the three bytes the base class
     * leaves after its own {@code byte}, so most state objects are 8 bytes smaller than with an
     * {@code int} (W7's link: 32 bytes, not 40).
     *
     * @param awaits the body's awaits (its labels are 0 to {@code awaits})
     * @return {@code B}, {@code S} or {@code I}
     */
    static String labelDescriptor(int awaits) {
        return awaits <= Byte.MAX_VALUE ? "B" : awaits <= Short.MAX_VALUE ? "S" : "I";
    }

    /**
     * What the generated class calls.
     *
     * @param owner the user's class, internal name
     * @param ownerIsInterface whether it is an interface
     * @param method the woven body's name
     * @param desc the woven body's descriptor (captures, state, Context) Object
     * @param isStatic whether the body is static (else the first capture is its receiver)
     */
    record Body(String owner, boolean ownerIsInterface, String method, String desc, boolean isStatic) {}

    private StateClassWriter() {}

    /**
     * @param version the class file version to write
     * @param name the state class's internal name
     * @param body the woven body it calls
     * @param captures the captured values' types, in the lambda's order
     * @param fields captures first, then the label, then the spills (types and names)
     * @param sourceFile the user's source file, or {@code null}
     * @param outputSignature the output type's signature for {@code WovenFuture<T>}, or {@code null}
     * @param hierarchy class relations for frames
     * @param sites the body's awaits, for {@code awaitSite()}
     * @return the class file
     */
    static byte[] write(int version, String name, Body body, List<Type> captures, List<StateMachine.Field> fields,
                        String sourceFile, String outputSignature, Hierarchy hierarchy, List<AwaitSite> sites) {
        ClassWriter cw = new FrameWriter(hierarchy);
        String signature = outputSignature == null ? null
                : "L" + Names.WOVEN_FUTURE + "<" + outputSignature + ">;";
        cw.visit(version, Opcodes.ACC_FINAL | Opcodes.ACC_SUPER | Opcodes.ACC_SYNTHETIC, name, signature,
                Names.WOVEN_FUTURE, null);
        if (sourceFile != null) cw.visitSource(sourceFile, null);
        cw.visitAnnotation(Names.MARKER, false).visitEnd();
        for (int i = 0; i < fields.size(); i++) {
            StateMachine.Field f = fields.get(i);
            int access = i < captures.size() ? Opcodes.ACC_FINAL : 0;
            cw.visitField(access, f.name(), f.type().descriptor(), null, null).visitEnd();
        }
        String ctorDesc = Type.getMethodDescriptor(Type.VOID_TYPE, captures.toArray(Type[]::new));
        constructor(cw, name, ctorDesc, captures, fields);
        factory(cw, name, ctorDesc, captures);
        resume(cw, name, body, captures, fields);
        poll(cw, name, body, captures, fields);
        awaitSite(cw, name, body, sourceFile, sites);
        cw.visitEnd();
        return cw.toByteArray();
    }

    /**
     * {@code protected String awaitSite()}: for task dumps, the source position of the await the
     * current label resumes at ({@code switch (label) { case k: return "Owner.method(File:line)"; }}),
     * {@code null} for any other label.
     */
    private static void awaitSite(ClassWriter cw, String name, Body body, String sourceFile, List<AwaitSite> sites) {
        MethodVisitor mv = cw.visitMethod(Opcodes.ACC_PROTECTED, "awaitSite", "()Ljava/lang/String;", null, null);
        mv.visitCode();
        mv.visitVarInsn(Opcodes.ALOAD, 0);
        mv.visitFieldInsn(Opcodes.GETFIELD, name, LABEL, labelDescriptor(sites.size()));
        int[] keys = new int[sites.size()];
        Label[] targets = new Label[sites.size()];
        for (int i = 0; i < keys.length; i++) {
            keys[i] = sites.get(i).label();
            targets[i] = new Label();
        }
        Label none = new Label();
        mv.visitLookupSwitchInsn(none, keys, targets);
        String where = body.owner().replace('/', '.') + "." + body.method();
        String file = sourceFile == null ? "Unknown Source" : sourceFile;
        for (int i = 0; i < keys.length; i++) {
            mv.visitLabel(targets[i]);
            int line = sites.get(i).line();
            mv.visitLdcInsn(where + "(" + file + (line >= 0 ? ":" + line : "") + ")");
            mv.visitInsn(Opcodes.ARETURN);
        }
        mv.visitLabel(none);
        mv.visitInsn(Opcodes.ACONST_NULL);
        mv.visitInsn(Opcodes.ARETURN);
        mv.visitMaxs(0, 0);
        mv.visitEnd();
    }

    private static void constructor(ClassWriter cw, String name, String desc, List<Type> captures,
                                    List<StateMachine.Field> fields) {
        MethodVisitor mv = cw.visitMethod(0, "<init>", desc, null, null);
        mv.visitCode();
        mv.visitVarInsn(Opcodes.ALOAD, 0);
        mv.visitMethodInsn(Opcodes.INVOKESPECIAL, Names.WOVEN_FUTURE, "<init>", "()V", false);
        int slot = 1;
        for (int i = 0; i < captures.size(); i++) {
            mv.visitVarInsn(Opcodes.ALOAD, 0);
            mv.visitVarInsn(captures.get(i).getOpcode(Opcodes.ILOAD), slot);
            mv.visitFieldInsn(Opcodes.PUTFIELD, name, fields.get(i).name(), captures.get(i).getDescriptor());
            slot += captures.get(i).getSize();
        }
        mv.visitInsn(Opcodes.RETURN);
        mv.visitMaxs(0, 0);
        mv.visitEnd();
    }

    private static void factory(ClassWriter cw, String name, String ctorDesc, List<Type> captures) {
        String desc = Type.getMethodDescriptor(Type.getObjectType(Names.FUTURE), captures.toArray(Type[]::new));
        MethodVisitor mv = cw.visitMethod(Opcodes.ACC_STATIC, "create", desc, null, null);
        mv.visitCode();
        mv.visitTypeInsn(Opcodes.NEW, name);
        mv.visitInsn(Opcodes.DUP);
        int slot = 0;
        for (Type t : captures) {
            mv.visitVarInsn(t.getOpcode(Opcodes.ILOAD), slot);
            slot += t.getSize();
        }
        mv.visitMethodInsn(Opcodes.INVOKESPECIAL, name, "<init>", ctorDesc, false);
        mv.visitInsn(Opcodes.ARETURN);
        mv.visitMaxs(0, 0);
        mv.visitEnd();
    }

    /** {@code resume(cx)}: calls the body; what {@code cancel()} unwinds through. */
    private static void resume(ClassWriter cw, String name, Body body, List<Type> captures,
                               List<StateMachine.Field> fields) {
        MethodVisitor mv = cw.visitMethod(Opcodes.ACC_PROTECTED, "resume",
                "(L" + Names.CONTEXT + ";)Ljava/lang/Object;", null, new String[] {"java/lang/Throwable"});
        mv.visitCode();
        callBody(mv, name, body, captures, fields);
        mv.visitInsn(Opcodes.ARETURN);
        mv.visitMaxs(0, 0);
        mv.visitEnd();
    }

    /**
     * {@code poll(cx)}, one per state class so that the body call is direct:
     * <pre>
     * checkRunning();
     * Object out;
     * try { out = Owner.body(captures, this, cx); } catch (Throwable t) { throw poisoned(t); }
     * return out == SUSPENDED ? Poll.pending() : completed(out);
     * </pre>
     */
    private static void poll(ClassWriter cw, String name, Body body, List<Type> captures,
                             List<StateMachine.Field> fields) {
        String pollDesc = "(L" + Names.CONTEXT + ";)L" + Names.POLL + ";";
        MethodVisitor mv = cw.visitMethod(Opcodes.ACC_PUBLIC | Opcodes.ACC_FINAL, "poll", pollDesc, null,
                new String[] {"java/lang/Exception"});
        mv.visitCode();
        Label start = new Label();
        Label end = new Label();
        Label failed = new Label();
        Label done = new Label();
        mv.visitTryCatchBlock(start, end, failed, null);
        mv.visitVarInsn(Opcodes.ALOAD, 0);
        mv.visitMethodInsn(Opcodes.INVOKEVIRTUAL, Names.WOVEN_FUTURE, "checkRunning", "()V", false);
        mv.visitLabel(start);
        callBody(mv, name, body, captures, fields);
        mv.visitLabel(end);
        mv.visitVarInsn(Opcodes.ASTORE, 2);
        mv.visitVarInsn(Opcodes.ALOAD, 2);
        mv.visitFieldInsn(Opcodes.GETSTATIC, Names.WOVEN_FUTURE, "SUSPENDED", "Ljava/lang/Object;");
        mv.visitJumpInsn(Opcodes.IF_ACMPNE, done);
        mv.visitMethodInsn(Opcodes.INVOKESTATIC, Names.POLL, "pending", "()L" + Names.POLL + ";", true);
        mv.visitInsn(Opcodes.ARETURN);
        mv.visitLabel(done);
        mv.visitVarInsn(Opcodes.ALOAD, 0);
        mv.visitVarInsn(Opcodes.ALOAD, 2);
        mv.visitMethodInsn(Opcodes.INVOKEVIRTUAL, Names.WOVEN_FUTURE, "completed",
                "(Ljava/lang/Object;)L" + Names.POLL + ";", false);
        mv.visitInsn(Opcodes.ARETURN);
        mv.visitLabel(failed);
        mv.visitVarInsn(Opcodes.ASTORE, 2);
        mv.visitVarInsn(Opcodes.ALOAD, 0);
        mv.visitVarInsn(Opcodes.ALOAD, 2);
        mv.visitMethodInsn(Opcodes.INVOKEVIRTUAL, Names.WOVEN_FUTURE, "poisoned",
                "(Ljava/lang/Throwable;)Ljava/lang/Throwable;", false);
        mv.visitInsn(Opcodes.ATHROW);
        mv.visitMaxs(0, 0);
        mv.visitEnd();
    }

    /** Pushes the captures, this and the context (slot 1), and calls the woven body. */
    private static void callBody(MethodVisitor mv, String name, Body body, List<Type> captures,
                                 List<StateMachine.Field> fields) {
        for (int i = 0; i < captures.size(); i++) {
            mv.visitVarInsn(Opcodes.ALOAD, 0);
            mv.visitFieldInsn(Opcodes.GETFIELD, name, fields.get(i).name(), captures.get(i).getDescriptor());
        }
        mv.visitVarInsn(Opcodes.ALOAD, 0);
        mv.visitVarInsn(Opcodes.ALOAD, 1);
        int op = body.isStatic() ? Opcodes.INVOKESTATIC
                : body.ownerIsInterface() ? Opcodes.INVOKEINTERFACE : Opcodes.INVOKEVIRTUAL;
        mv.visitMethodInsn(op, body.owner(), body.method(), body.desc(), body.ownerIsInterface());
    }
}
