package dev.weft.weaver.asm;

import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.TypeInsnNode;
import org.objectweb.asm.tree.analysis.Analyzer;
import org.objectweb.asm.tree.analysis.AnalyzerException;
import org.objectweb.asm.tree.analysis.BasicInterpreter;
import org.objectweb.asm.tree.analysis.BasicValue;
import org.objectweb.asm.tree.analysis.Frame;
import org.objectweb.asm.tree.analysis.Value;

/**
 * Which {@code NEW} made each uninitialized object of a method, wherever it is: ASM's analyzer
 * with {@link BasicInterpreter}'s kinds of values (int, long, float, double, reference), where the
 * value a {@code NEW} pushes remembers that {@code NEW} through loads, stores and {@code DUP}s,
 * until the constructor call initializes it, which turns every copy (on the stack and in locals)
 * into an ordinary reference, as the JVM's verifier does. Two different {@code NEW}s' objects,
 * or one and something else, merge into an unusable value, as in the verifier.
 *
 * {@snippet :
 * NewOrigins origins = NewOrigins.analyze(owner, method);
 * TypeInsnNode made = NewOrigins.origin(origins.frames()[i].getStack(0)); // null: not an uninitialized object
 * }
 *
 * @param frames the frame before each instruction ({@code null}: unreachable)
 * @param misused the {@code NEW}s whose objects something other than a copy, a pop or their own
 *     constructor call takes (javac never emits that)
 */
record NewOrigins(Frame<BasicValue>[] frames, Set<TypeInsnNode> misused) {
    /**
     * @param owner the method's class, internal name
     * @param method the method
     * @return its frames
     * @throws AnalyzerException if the method's code is malformed
     */
    static NewOrigins analyze(String owner, MethodNode method) throws AnalyzerException {
        Set<TypeInsnNode> misused = Collections.newSetFromMap(new IdentityHashMap<>());
        Frame<BasicValue>[] frames = new Tracker(new Interpreter(misused)).analyze(owner, method);
        return new NewOrigins(frames, misused);
    }

    /** @return the {@code NEW} that made {@code v}, if it is an uninitialized object, else {@code null} */
    static TypeInsnNode origin(BasicValue v) {
        return v instanceof Uninitialized u ? u.origin : null;
    }

    /** The object a {@code NEW} made, not yet initialized. */
    private static final class Uninitialized extends BasicValue {
        final TypeInsnNode origin;

        Uninitialized(TypeInsnNode origin) {
            super(Type.getObjectType("java/lang/Object"));
            this.origin = origin;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Uninitialized u && u.origin == origin;
        }

        @Override
        public int hashCode() {
            return System.identityHashCode(origin);
        }

        @Override
        public String toString() {
            return "uninitialized " + origin.desc;
        }
    }

    private static final class Interpreter extends BasicInterpreter {
        private final Set<TypeInsnNode> misused;

        Interpreter(Set<TypeInsnNode> misused) {
            super(Opcodes.ASM9);
            this.misused = misused;
        }

        @Override
        public BasicValue newOperation(AbstractInsnNode insn) throws AnalyzerException {
            return insn.getOpcode() == Opcodes.NEW ? new Uninitialized((TypeInsnNode) insn) : super.newOperation(insn);
        }

        @Override
        public BasicValue unaryOperation(AbstractInsnNode insn, BasicValue value) throws AnalyzerException {
            use(value);
            return super.unaryOperation(insn, value);
        }

        @Override
        public BasicValue binaryOperation(AbstractInsnNode insn, BasicValue a, BasicValue b) throws AnalyzerException {
            use(a);
            use(b);
            return super.binaryOperation(insn, a, b);
        }

        @Override
        public BasicValue ternaryOperation(AbstractInsnNode insn, BasicValue a, BasicValue b, BasicValue c)
                throws AnalyzerException {
            use(a);
            use(b);
            use(c);
            return super.ternaryOperation(insn, a, b, c);
        }

        @Override
        public BasicValue naryOperation(AbstractInsnNode insn, List<? extends BasicValue> values) throws AnalyzerException {
            for (int i = isConstructorCall(insn) ? 1 : 0; i < values.size(); i++) use(values.get(i));
            return super.naryOperation(insn, values);
        }

        @Override
        public void returnOperation(AbstractInsnNode insn, BasicValue value, BasicValue expected) throws AnalyzerException {
            use(value);
            super.returnOperation(insn, value, expected);
        }

        @Override
        public BasicValue merge(BasicValue a, BasicValue b) {
            if (a instanceof Uninitialized || b instanceof Uninitialized) {
                return a instanceof Uninitialized && a.equals(b) ? a : BasicValue.UNINITIALIZED_VALUE;
            }
            return super.merge(a, b);
        }

        private void use(BasicValue v) {
            if (v instanceof Uninitialized u) misused.add(u.origin);
        }
    }

    /** @return whether {@code insn} is a constructor call ({@code INVOKESPECIAL <init>}) */
    static boolean isConstructorCall(AbstractInsnNode insn) {
        return insn instanceof MethodInsnNode m && m.getOpcode() == Opcodes.INVOKESPECIAL && m.name.equals("<init>");
    }

    /** The analyzer, with frames that initialize every copy of an object at its constructor call. */
    private static final class Tracker extends Analyzer<BasicValue> {
        Tracker(Interpreter interpreter) {
            super(interpreter);
        }

        @Override
        protected Frame<BasicValue> newFrame(int numLocals, int numStack) {
            return new Initializing(numLocals, numStack);
        }

        @Override
        protected Frame<BasicValue> newFrame(Frame<? extends BasicValue> frame) {
            Initializing f = new Initializing(frame.getLocals(), frame.getMaxStackSize());
            f.init(frame);
            return f;
        }
    }

    private static final class Initializing extends Frame<BasicValue> {
        Initializing(int numLocals, int maxStack) {
            super(numLocals, maxStack);
        }

        @Override
        public void execute(AbstractInsnNode insn, org.objectweb.asm.tree.analysis.Interpreter<BasicValue> interpreter)
                throws AnalyzerException {
            if (!isConstructorCall(insn)) {
                super.execute(insn, interpreter);
                return;
            }
            int receiver = getStackSize() - Type.getArgumentTypes(((MethodInsnNode) insn).desc).length - 1;
            Value made = receiver >= 0 ? getStack(receiver) : null;
            super.execute(insn, interpreter);
            if (!(made instanceof Uninitialized)) return;
            for (int i = 0; i < getLocals(); i++) {
                if (made.equals(getLocal(i))) setLocal(i, BasicValue.REFERENCE_VALUE);
            }
            for (int i = 0; i < getStackSize(); i++) {
                if (made.equals(getStack(i))) setStack(i, BasicValue.REFERENCE_VALUE);
            }
        }
    }
}
