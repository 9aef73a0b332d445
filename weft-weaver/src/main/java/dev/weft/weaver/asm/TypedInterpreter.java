package dev.weft.weaver.asm;

import java.util.List;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.analysis.SimpleVerifier;

/**
 * ASM's {@link SimpleVerifier} (exact reference types per instruction, merged as the JVM's
 * verifier merges them) with class relations answered by a {@link Hierarchy} instead of
 * {@code Class.forName}.
 */
final class TypedInterpreter extends SimpleVerifier {
    private final Hierarchy hierarchy;

    TypedInterpreter(Hierarchy hierarchy, String owner, String superName, List<Type> interfaces, boolean isInterface) {
        super(Opcodes.ASM9, Type.getObjectType(owner), superName == null ? null : Type.getObjectType(superName),
                interfaces, isInterface);
        this.hierarchy = hierarchy;
    }

    @Override
    protected boolean isInterface(Type type) {
        return type.getSort() == Type.OBJECT && hierarchy.isInterface(type.getInternalName());
    }

    @Override
    protected Type getSuperClass(Type type) {
        if (type.getSort() == Type.ARRAY) return Type.getObjectType("java/lang/Object");
        String s = hierarchy.superName(type.getInternalName());
        return s == null ? null : Type.getObjectType(s);
    }

    @Override
    protected boolean isAssignableFrom(Type to, Type from) {
        if (to.equals(from)) return true;
        if (to.getSort() == Type.OBJECT) {
            String t = to.getInternalName();
            if (t.equals("java/lang/Object")) return true;
            if (from.getSort() == Type.ARRAY) return t.equals("java/lang/Cloneable") || t.equals("java/io/Serializable");
            if (from.getSort() != Type.OBJECT) return false;
            if (hierarchy.isInterface(t)) return true; // the verifier treats interfaces as Object
            return hierarchy.isSubclass(from.getInternalName(), t);
        }
        if (to.getSort() == Type.ARRAY) {
            if (from.getSort() != Type.ARRAY) return false;
            Type te = to.getElementType();
            Type fe = from.getElementType();
            int td = to.getDimensions();
            int fd = from.getDimensions();
            if (td == fd) {
                return te.getSort() == Type.OBJECT && fe.getSort() == Type.OBJECT ? isAssignableFrom(te, fe) : te.equals(fe);
            }
            if (fd > td && te.getSort() == Type.OBJECT) {
                String t = te.getInternalName();
                return t.equals("java/lang/Object") || t.equals("java/lang/Cloneable") || t.equals("java/io/Serializable");
            }
            return false;
        }
        return false;
    }
}
