package dev.weft.weaver.asm;

import dev.weft.weaver.WeaveException;
import dev.weft.weaver.model.StateMachine;
import dev.weft.weaver.model.ValueType;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.FrameNode;
import org.objectweb.asm.tree.IincInsnNode;
import org.objectweb.asm.tree.LocalVariableNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.VarInsnNode;

/**
 * Weaves one body method of a class: copies it, renumbers its locals to make room for the state
 * object and the context after the captured parameters, moves {@code NEW}s out of the way,
 * analyses it, rewrites it and generates its state class. The original method is left as it was.
 */
final class BodyWeaver {
    private final ClassNode owner;
    private final Hierarchy hierarchy;
    private final boolean keepDeadLocals;
    private final boolean loopCopies;

    /**
     * @param owner the user's class
     * @param hierarchy the class hierarchy for frames
     * @param keepDeadLocals spill every local in scope at an await, not only the live ones
     * @param loopCopies resume awaits inside loops through copies of the rest of the loop nest
     *     ({@link LoopResumes}), so the loops stay reducible
     */
    BodyWeaver(ClassNode owner, Hierarchy hierarchy, boolean keepDeadLocals, boolean loopCopies) {
        this.owner = owner;
        this.hierarchy = hierarchy;
        this.keepDeadLocals = keepDeadLocals;
        this.loopCopies = loopCopies;
    }

    /**
     * @param impl the body (a lambda's implementation method or a method reference's target)
     * @param stateClass the state class's internal name
     * @return the woven body, or {@code null} if no await of it is reachable
     * @throws WeaveException if the body is refused
     */
    WovenBody weave(MethodNode impl, String stateClass) {
        String where = where(owner, impl);
        if (impl.name.equals("<init>")) {
            throw new WeaveException(where + ": Weft.await in the constructor " + simpleOwner()
                    + " used as a Weft.async body (" + simpleOwner() + "::new): a constructor cannot be woven. "
                    + "Fix: write the body as a lambda that awaits first and then calls the constructor.");
        }
        if ((impl.access & Opcodes.ACC_SYNCHRONIZED) != 0) {
            throw new WeaveException(where + ": Weft.await in the synchronized method " + impl.name + ", used as a "
                    + "Weft.async body: a woven body cannot hold a monitor across a suspension. Fix: drop "
                    + "'synchronized' and guard the state with dev.weft.sync.Mutex, or make this body stackful "
                    + "with Coroutine.async(...).");
        }
        boolean isStatic = (impl.access & Opcodes.ACC_STATIC) != 0;
        Type[] params = Type.getArgumentTypes(impl.desc);
        int paramSlots = isStatic ? 0 : 1;
        for (Type t : params) paramSlots += t.getSize();

        MethodNode body = new MethodNode(Opcodes.ASM9, impl.access, impl.name, impl.desc, null,
                impl.exceptions.toArray(String[]::new));
        impl.accept(body);
        for (AbstractInsnNode insn : body.instructions.toArray()) {
            if (insn instanceof FrameNode) body.instructions.remove(insn); // javac's frames: the code changes
        }
        body.visibleLocalVariableAnnotations = null;
        body.invisibleLocalVariableAnnotations = null;
        ScopeCloses.rewrite(body); // a scope's close is an await in a woven body
        BitSet written = renumber(body, paramSlots);
        body.maxLocals += 2;
        UninitializedNews.rewrite(body, owner.name, file(owner));
        body.maxStack += 4;

        List<Type> captures = new ArrayList<>();
        if (!isStatic) captures.add(Type.getObjectType(owner.name));
        captures.addAll(List.of(params));
        List<Type> wovenParams = new ArrayList<>(List.of(params));
        wovenParams.add(Type.getObjectType(stateClass));
        wovenParams.add(Type.getObjectType(Names.CONTEXT));
        Type returnType = Type.getReturnType(impl.desc);
        body.desc = Type.getMethodDescriptor(returnType, wovenParams.toArray(Type[]::new));
        hierarchy.declare(stateClass, Names.WOVEN_FUTURE, false);

        BitSet fixed = new BitSet();
        fixed.set(0, paramSlots + 2);
        fixed.andNot(written);
        List<StateMachine.Field> captureFields = captureFields(impl, captures, isStatic);
        List<String> reserved = new ArrayList<>();
        for (StateMachine.Field f : captureFields) reserved.add(f.name());
        reserved.add(StateClassWriter.LABEL);
        BodyAnalysis analysis = new BodyAnalysis(owner, body, fixed, hierarchy, keepDeadLocals, reserved);
        if (analysis.sites().isEmpty()) return null;

        List<StateMachine.Field> fields = new ArrayList<>(captureFields);
        String labelDescriptor = StateClassWriter.labelDescriptor(analysis.sites().size());
        fields.add(new StateMachine.Field(StateClassWriter.LABEL, new ValueType(ValueType.Sort.INT, labelDescriptor),
                "label: the state to resume", List.of()));
        fields.addAll(analysis.fields());
        boolean itf = (owner.access & Opcodes.ACC_INTERFACE) != 0;
        StateMachine model = new StateMachine(owner.name.replace('/', '.'), owner.sourceFile, impl.name,
                stateClass.replace('/', '.'), output(returnType).javaName(), fields, analysis.states());

        new BodyRewriter(body, stateClass, paramSlots, paramSlots + 1).rewrite(analysis.sites(), returnType, loopCopies);
        int visibility = itf ? Opcodes.ACC_PUBLIC : 0;
        body.access = (impl.access & (Opcodes.ACC_STATIC | Opcodes.ACC_STRICT)) | Opcodes.ACC_SYNTHETIC | visibility;
        StateClassWriter.Body call = new StateClassWriter.Body(owner.name, itf, body.name, body.desc, isStatic);
        byte[] bytes = StateClassWriter.write(owner.version, stateClass, call, captures, fields, owner.sourceFile,
                output(returnType).descriptor(), hierarchy, analysis.sites());
        return new WovenBody(body, stateClass, bytes, model);
    }

    private static ValueType output(Type returnType) {
        String d = switch (returnType.getSort()) {
            case Type.OBJECT, Type.ARRAY -> returnType.getDescriptor();
            case Type.BOOLEAN -> "Ljava/lang/Boolean;";
            case Type.BYTE -> "Ljava/lang/Byte;";
            case Type.CHAR -> "Ljava/lang/Character;";
            case Type.SHORT -> "Ljava/lang/Short;";
            case Type.INT -> "Ljava/lang/Integer;";
            case Type.LONG -> "Ljava/lang/Long;";
            case Type.FLOAT -> "Ljava/lang/Float;";
            case Type.DOUBLE -> "Ljava/lang/Double;";
            default -> "Ljava/lang/Object;";
        };
        return new ValueType(ValueType.Sort.REFERENCE, d);
    }

    /** Moves every local at or above {@code from} up by two slots; returns the parameter slots written. */
    private static BitSet renumber(MethodNode m, int from) {
        BitSet written = new BitSet();
        for (AbstractInsnNode insn = m.instructions.getFirst(); insn != null; insn = insn.getNext()) {
            if (insn instanceof VarInsnNode v) {
                if (v.var >= from) {
                    v.var += 2;
                } else if (v.getOpcode() >= Opcodes.ISTORE && v.getOpcode() <= Opcodes.ASTORE) {
                    written.set(v.var);
                }
            } else if (insn instanceof IincInsnNode inc) {
                if (inc.var >= from) {
                    inc.var += 2;
                } else {
                    written.set(inc.var);
                }
            }
        }
        if (m.localVariables != null) {
            for (LocalVariableNode lv : m.localVariables) {
                if (lv.index >= from) lv.index += 2;
            }
        }
        return written;
    }

    private List<StateMachine.Field> captureFields(MethodNode impl, List<Type> captures, boolean isStatic) {
        List<StateMachine.Field> out = new ArrayList<>();
        List<String> used = new ArrayList<>();
        int slot = 0;
        for (int i = 0; i < captures.size(); i++) {
            Type t = captures.get(i);
            String name = !isStatic && i == 0 ? "self" : paramName(impl, slot);
            if (name == null || used.contains(name) || name.equals(StateClassWriter.LABEL)) name = "capture" + i;
            used.add(name);
            ValueType vt = new ValueType(sort(t), t.getDescriptor());
            out.add(new StateMachine.Field(name, vt, !isStatic && i == 0 ? "capture: this" : "capture", List.of()));
            slot += t.getSize();
        }
        return out;
    }

    private static String paramName(MethodNode impl, int slot) {
        if (impl.localVariables == null) return null;
        for (LocalVariableNode lv : impl.localVariables) {
            if (lv.index == slot && impl.instructions.indexOf(lv.start) <= 1) return lv.name;
        }
        return null;
    }

    private static ValueType.Sort sort(Type t) {
        return switch (t.getSort()) {
            case Type.LONG -> ValueType.Sort.LONG;
            case Type.DOUBLE -> ValueType.Sort.DOUBLE;
            case Type.FLOAT -> ValueType.Sort.FLOAT;
            case Type.OBJECT, Type.ARRAY -> ValueType.Sort.REFERENCE;
            default -> ValueType.Sort.INT;
        };
    }

    private String simpleOwner() {
        String n = owner.name;
        return n.substring(n.lastIndexOf('/') + 1);
    }

    /** @return the class's source file, or its name if it has none, for messages */
    static String file(ClassNode owner) {
        return owner.sourceFile != null ? owner.sourceFile : owner.name.replace('/', '.');
    }

    /** @return {@code File.java:line} of the method's first line, for messages */
    static String where(ClassNode owner, MethodNode m) {
        String file = file(owner);
        for (AbstractInsnNode insn = m.instructions.getFirst(); insn != null; insn = insn.getNext()) {
            if (insn instanceof org.objectweb.asm.tree.LineNumberNode ln) return file + ":" + ln.line;
        }
        return file + " (" + m.name + ")";
    }
}
