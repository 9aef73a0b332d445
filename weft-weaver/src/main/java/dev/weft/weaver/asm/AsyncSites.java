package dev.weft.weaver.asm;

import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.InsnNode;
import org.objectweb.asm.tree.InvokeDynamicInsnNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.TypeInsnNode;
import org.objectweb.asm.tree.analysis.Analyzer;
import org.objectweb.asm.tree.analysis.AnalyzerException;
import org.objectweb.asm.tree.analysis.Frame;
import org.objectweb.asm.tree.analysis.SourceInterpreter;
import org.objectweb.asm.tree.analysis.SourceValue;

/**
 * The {@code Weft.async(callable)} call sites of one method, each with the instructions that make
 * its argument, found by data flow: ASM's analyzer with a {@link SourceInterpreter} that sees
 * through {@code CHECKCAST}s and records who consumes each value. So
 * {@code Weft.async(c ? () -> a : () -> b)} has two lambdas, each reaching the call through its
 * branch of the conditional, and a switch expression among lambdas as many.
 *
 * <p>A site is <em>exclusive</em> when every instruction that makes its argument is a lambda (a
 * {@code Callable} from the lambda metafactory) whose object goes to this call only, through
 * nothing but jumps and casts to {@code Callable} or {@code Object}: then each lambda can be
 * replaced where it is made, by its state class's factory if its body is woven or by
 * {@code Weft.async(lambda)} if not, the casts dropped and the call removed, and every path
 * through the site still gives {@code Weft.async}'s future. Any other site (a {@code Callable}
 * from a local, a field or a call; a lambda also stored or passed elsewhere) is left as it is:
 * its lambdas run stackful there.
 *
 * {@snippet :
 * for (AsyncSites.Site s : AsyncSites.of(owner.name, method)) {
 *     if (s.exclusive()) s.lambdas().forEach(l -> ...); // each replaced where it is made
 * }
 * }
 */
final class AsyncSites {
    private AsyncSites() {}

    /**
     * One call of {@code Weft.async}.
     *
     * @param call the {@code INVOKESTATIC Weft.async}
     * @param lambdas the lambdas among the instructions that make its argument
     * @param casts the casts between them and the call
     * @param exclusive whether the lambdas make every argument the call gets, and go to it only
     */
    record Site(MethodInsnNode call, List<InvokeDynamicInsnNode> lambdas, List<TypeInsnNode> casts, boolean exclusive) {}

    /** @return whether {@code m} calls {@code Weft.async} at all (cheap: no analysis) */
    static boolean any(MethodNode m) {
        for (AbstractInsnNode insn = m.instructions.getFirst(); insn != null; insn = insn.getNext()) {
            if (Names.isAsync(insn)) return true;
        }
        return false;
    }

    /**
     * @param owner the method's class, internal name
     * @param m the method; its maximums need not be right (they are computed on a view)
     * @return its reachable call sites, in instruction order
     * @throws AnalyzerException if the method's code cannot be analysed
     */
    static List<Site> of(String owner, MethodNode m) throws AnalyzerException {
        Map<AbstractInsnNode, Set<AbstractInsnNode>> consumers = new IdentityHashMap<>();
        MethodNode view = new MethodNode(Opcodes.ASM9, m.access, m.name, m.desc, null, null);
        view.instructions = m.instructions;
        view.tryCatchBlocks = m.tryCatchBlocks;
        Frame<SourceValue>[] frames = new Analyzer<>(new Consumers(consumers)).analyzeAndComputeMaxs(owner, view);
        List<Site> sites = new ArrayList<>();
        for (int i = 0; i < frames.length; i++) {
            AbstractInsnNode insn = m.instructions.get(i);
            if (frames[i] == null || !Names.isAsync(insn)) continue;
            SourceValue argument = frames[i].getStack(frames[i].getStackSize() - 1);
            sites.add(site((MethodInsnNode) insn, argument.insns, consumers, m.instructions));
        }
        return sites;
    }

    private static Site site(MethodInsnNode call, Set<AbstractInsnNode> makers,
                             Map<AbstractInsnNode, Set<AbstractInsnNode>> consumers, InsnList code) {
        List<InvokeDynamicInsnNode> lambdas = new ArrayList<>();
        Set<TypeInsnNode> casts = Collections.newSetFromMap(new IdentityHashMap<>());
        boolean exclusive = !makers.isEmpty();
        for (AbstractInsnNode maker : makers) {
            if (Names.callableLambda(maker) == null) {
                exclusive = false;
                continue;
            }
            lambdas.add((InvokeDynamicInsnNode) maker);
            for (AbstractInsnNode c : consumers.getOrDefault(maker, Set.of())) {
                if (c == call) continue;
                if (isPassingCast(c)) {
                    casts.add((TypeInsnNode) c);
                } else {
                    exclusive = false;
                }
            }
        }
        lambdas.sort((a, b) -> Integer.compare(code.indexOf(a), code.indexOf(b)));
        return new Site(call, List.copyOf(lambdas), List.copyOf(casts), exclusive);
    }

    /** @return whether {@code insn} is a cast a lambda's {@code Callable} always passes */
    private static boolean isPassingCast(AbstractInsnNode insn) {
        return insn.getOpcode() == Opcodes.CHECKCAST && (((TypeInsnNode) insn).desc.equals("java/util/concurrent/Callable")
                || ((TypeInsnNode) insn).desc.equals("java/lang/Object"));
    }

    /**
     * A {@link SourceInterpreter} that sees through casts, records the consumers of each lambda,
     * and gives every value no lambda makes one maker, {@link #OTHER}: what a site needs to know of
     * such a value is only that it is not a lambda. So a value's makers are a few lambdas and
     * {@code OTHER} at most, and merging frames stays cheap; with each load, store and call as a
     * maker of its own, a woven body's state machine (its resume switch reaching every await, every
     * local holding the values of many stores) took the analysis up to a second per class.
     */
    private static final class Consumers extends SourceInterpreter {
        /** The one maker of every value that is not a lambda's {@code Callable}; in no method's code. */
        private static final AbstractInsnNode OTHER = new InsnNode(Opcodes.NOP);

        private final Map<AbstractInsnNode, Set<AbstractInsnNode>> consumers;

        Consumers(Map<AbstractInsnNode, Set<AbstractInsnNode>> consumers) {
            super(Opcodes.ASM9);
            this.consumers = consumers;
        }

        @Override
        public SourceValue newOperation(AbstractInsnNode insn) {
            return made(insn, super.newOperation(insn));
        }

        @Override
        public SourceValue copyOperation(AbstractInsnNode insn, SourceValue value) {
            int op = insn.getOpcode();
            if (op < Opcodes.ILOAD || op > Opcodes.ALOAD) consumed(insn, value); // a load reads a store's value
            return made(insn, super.copyOperation(insn, value));
        }

        @Override
        public SourceValue unaryOperation(AbstractInsnNode insn, SourceValue value) {
            consumed(insn, value);
            if (insn.getOpcode() == Opcodes.CHECKCAST) return new SourceValue(1, value.insns);
            return made(insn, super.unaryOperation(insn, value));
        }

        @Override
        public SourceValue binaryOperation(AbstractInsnNode insn, SourceValue a, SourceValue b) {
            consumed(insn, a);
            consumed(insn, b);
            return made(insn, super.binaryOperation(insn, a, b));
        }

        @Override
        public SourceValue ternaryOperation(AbstractInsnNode insn, SourceValue a, SourceValue b, SourceValue c) {
            consumed(insn, a);
            consumed(insn, b);
            consumed(insn, c);
            return made(insn, super.ternaryOperation(insn, a, b, c));
        }

        @Override
        public SourceValue naryOperation(AbstractInsnNode insn, List<? extends SourceValue> values) {
            for (SourceValue v : values) consumed(insn, v);
            return made(insn, super.naryOperation(insn, values));
        }

        @Override
        public void returnOperation(AbstractInsnNode insn, SourceValue value, SourceValue expected) {
            consumed(insn, value);
        }

        /** @return {@code value} if {@code insn} makes a lambda's {@code Callable}, else the same size made by {@link #OTHER} */
        private static SourceValue made(AbstractInsnNode insn, SourceValue value) {
            return Names.callableLambda(insn) != null ? value : new SourceValue(value.getSize(), OTHER);
        }

        private void consumed(AbstractInsnNode insn, SourceValue value) {
            for (AbstractInsnNode maker : value.insns) {
                if (maker == OTHER) continue;
                consumers.computeIfAbsent(maker, k -> Collections.newSetFromMap(new IdentityHashMap<>())).add(insn);
            }
        }
    }
}
