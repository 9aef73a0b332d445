package dev.weft.weaver.asm;

import dev.weft.weaver.WeaveException;
import dev.weft.weaver.model.Cfg;
import dev.weft.weaver.model.Liveness;
import dev.weft.weaver.model.MonitorDepth;
import dev.weft.weaver.model.StateMachine;
import dev.weft.weaver.model.ValueType;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.IincInsnNode;
import org.objectweb.asm.tree.LineNumberNode;
import org.objectweb.asm.tree.LocalVariableNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.VarInsnNode;
import org.objectweb.asm.tree.analysis.AnalyzerException;
import org.objectweb.asm.tree.analysis.BasicValue;
import org.objectweb.asm.tree.analysis.Frame;
import org.objectweb.asm.util.Textifier;
import org.objectweb.asm.util.TraceMethodVisitor;

/**
 * Analyses a prepared body (locals renumbered, {@code NEW}s moved): frames with exact types,
 * the control-flow graph, liveness and monitor depth, and from them each await's spills and the
 * state class's fields. Everything it decides is recorded in the weaver's own model
 * ({@link Cfg}, {@link ValueType}, {@link StateMachine}); only reading instructions is ASM's.
 */
final class BodyAnalysis {
    private final ClassNode owner;
    private final MethodNode body;
    private final String source;
    private final int[] lines;
    private final String[] texts;
    private final List<AwaitSite> sites = new ArrayList<>();
    private final Map<String, StateMachine.Field> fields = new LinkedHashMap<>();
    private final Map<String, List<Integer>> liveIn = new LinkedHashMap<>();
    private Cfg cfg;
    private int[][] predecessors; // of cfg, made at the first yield await that needs them

    /**
     * @param owner the user's class
     * @param body the prepared body, its descriptor already ending in (state, Context)
     * @param fixedSlots slots never spilled: parameters the body never writes, the state and the context
     * @param hierarchy class relations
     * @param keepDeadLocals spill every typed local, not only live ones
     * @param reserved field names already taken (captures, label)
     */
    BodyAnalysis(ClassNode owner, MethodNode body, BitSet fixedSlots, Hierarchy hierarchy, boolean keepDeadLocals,
                 List<String> reserved) {
        this.owner = owner;
        this.body = body;
        this.source = owner.sourceFile;
        this.lines = lineTable(body);
        this.texts = texts(body);
        for (String r : reserved) fields.put(r, null);
        Frame<BasicValue>[] frames = frames(hierarchy);
        BitSet[] live = keepDeadLocals ? null : liveness();
        checkMonitors();
        int label = 0;
        for (int i = 0; i < body.instructions.size(); i++) {
            AbstractInsnNode insn = body.instructions.get(i);
            if (!Names.isAwait(insn) || frames[i] == null) continue;
            label++;
            sites.add(site(label, (MethodInsnNode) insn, i, frames[i], live == null ? null : live[i], fixedSlots));
        }
        fields.values().removeIf(java.util.Objects::isNull);
    }

    List<AwaitSite> sites() {
        return sites;
    }

    /** @return the spill fields, with the states each is live in */
    List<StateMachine.Field> fields() {
        List<StateMachine.Field> out = new ArrayList<>();
        for (StateMachine.Field f : fields.values()) {
            out.add(new StateMachine.Field(f.name(), f.type(), f.role(), List.copyOf(liveIn.get(f.name()))));
        }
        return out;
    }

    /** @return state 0 and one state per await, with the source lines each runs */
    List<StateMachine.State> states() {
        List<StateMachine.State> out = new ArrayList<>();
        out.add(state(0, -1, 0, List.of(), false, false));
        for (AwaitSite s : sites) {
            List<String> restores = new ArrayList<>();
            for (Spill sp : s.locals()) restores.add(sp.field() == null ? "null" : sp.field());
            for (Spill sp : s.stack()) restores.add(sp.field() == null ? "null (stack)" : sp.field() + " (stack)");
            out.add(state(s.label(), s.line(), s.index(), restores, true, s.yield()));
        }
        return out;
    }

    private StateMachine.State state(int label, int line, int start, List<String> restores, boolean atAwait,
                                     boolean yield) {
        int n = body.instructions.size();
        boolean[] seen = new boolean[n];
        ArrayDeque<Integer> work = new ArrayDeque<>();
        TreeSet<Integer> next = new TreeSet<>();
        if (atAwait) {
            for (int s : cfg.normal()[start]) work.add(s);
            for (int s : cfg.exceptional()[start]) work.add(s);
        } else {
            work.add(start);
        }
        while (!work.isEmpty()) {
            int i = work.poll();
            if (seen[i]) continue;
            seen[i] = true;
            if (Names.isAwait(body.instructions.get(i))) {
                for (AwaitSite s : sites) {
                    if (s.index() == i) next.add(s.label());
                }
                continue; // the next state starts here
            }
            for (int s : cfg.normal()[i]) work.add(s);
            for (int s : cfg.exceptional()[i]) work.add(s);
        }
        TreeSet<Integer> src = new TreeSet<>();
        if (atAwait && lines[start] > 0) src.add(lines[start]);
        List<String> code = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            if (!seen[i]) continue;
            if (lines[i] > 0) src.add(lines[i]);
            if (!texts[i].isEmpty()) code.add(texts[i]);
        }
        return new StateMachine.State(label, line, List.copyOf(src), restores, List.copyOf(next), code, yield);
    }

    /** @return each instruction as ASM's Textifier prints it, labels named consistently */
    private static String[] texts(MethodNode m) {
        Textifier t = new Textifier();
        TraceMethodVisitor v = new TraceMethodVisitor(t);
        String[] out = new String[m.instructions.size()];
        for (int i = 0; i < out.length; i++) {
            int before = t.getText().size();
            m.instructions.get(i).accept(v);
            StringBuilder b = new StringBuilder();
            for (Object o : t.getText().subList(before, t.getText().size())) b.append(o);
            out[i] = b.toString().strip();
        }
        return out;
    }

    @SuppressWarnings("unchecked")
    private Frame<BasicValue>[] frames(Hierarchy hierarchy) {
        List<Type> itfs = new ArrayList<>();
        for (String i : owner.interfaces) itfs.add(Type.getObjectType(i));
        TypedInterpreter interpreter = new TypedInterpreter(hierarchy, owner.name, owner.superName, itfs,
                (owner.access & Opcodes.ACC_INTERFACE) != 0);
        EdgeRecordingAnalyzer analyzer = new EdgeRecordingAnalyzer(interpreter);
        try {
            Frame<BasicValue>[] f = analyzer.analyze(owner.name, body);
            cfg = analyzer.cfg();
            return f;
        } catch (AnalyzerException e) {
            throw new WeaveException(where(-1) + ": the weaver could not analyse " + body.name + ": " + e.getMessage(), e);
        }
    }

    private BitSet[] liveness() {
        int n = body.instructions.size();
        BitSet[] uses = new BitSet[n];
        BitSet[] defs = new BitSet[n];
        for (int i = 0; i < n; i++) {
            uses[i] = new BitSet();
            defs[i] = new BitSet();
            AbstractInsnNode insn = body.instructions.get(i);
            if (insn instanceof VarInsnNode v) {
                int op = v.getOpcode();
                if (op >= Opcodes.ISTORE && op <= Opcodes.ASTORE) {
                    defs[i].set(v.var);
                } else {
                    uses[i].set(v.var);
                }
            } else if (insn instanceof IincInsnNode inc) {
                uses[i].set(inc.var);
                defs[i].set(inc.var);
            }
        }
        return Liveness.liveIn(cfg, uses, defs);
    }

    private void checkMonitors() {
        int n = body.instructions.size();
        int[] change = new int[n];
        boolean any = false;
        for (int i = 0; i < n; i++) {
            int op = body.instructions.get(i).getOpcode();
            if (op == Opcodes.MONITORENTER) {
                change[i] = 1;
                any = true;
            } else if (op == Opcodes.MONITOREXIT) {
                change[i] = -1;
            } else if (op == Opcodes.JSR || op == Opcodes.RET) {
                throw new WeaveException(where(lines[i]) + ": " + body.name + " uses JSR/RET (class files older "
                        + "than Java 7); the weaver cannot rewrite it. Fix: recompile with a current javac.");
            }
        }
        if (!any) return;
        int[] depth = MonitorDepth.atEntry(cfg, change);
        for (int i = 0; i < n; i++) {
            if (depth[i] > 0 && Names.isAwait(body.instructions.get(i))) {
                throw new WeaveException(where(lines[i]) + ": Weft.await inside a synchronized block of a "
                        + "Weft.async body (" + body.name + "): a woven body cannot hold a monitor across a "
                        + "suspension. Fix: move the await out of the synchronized block, guard the state with "
                        + "dev.weft.sync.Mutex (whose lock() can be awaited), or make this body stackful "
                        + "with Coroutine.async(...).");
            }
        }
    }

    private AwaitSite site(int label, MethodInsnNode call, int index, Frame<BasicValue> frame, BitSet live,
                           BitSet fixed) {
        List<Spill> locals = new ArrayList<>();
        for (int slot = 0; slot < frame.getLocals(); slot++) {
            if (fixed.get(slot)) continue;
            if (live != null && !live.get(slot)) continue;
            ValueType t = typeOf(frame.getLocal(slot), index);
            if (t == null) continue;
            String name = localName(slot, index);
            locals.add(new Spill(slot, t, field(t, name, "local " + (name == null ? "" : name + " ") + "(slot " + slot
                    + ")", "slot" + slot, label)));
        }
        List<Spill> stack = new ArrayList<>();
        for (int d = 0; d < frame.getStackSize() - 1; d++) {
            ValueType t = typeOf(frame.getStack(d), index);
            if (t == null) {
                throw new WeaveException(where(lines[index]) + ": an unexpected value on the operand stack at an "
                        + "await in " + body.name + ". Fix: assign the awaited value to a local first.");
            }
            stack.add(new Spill(d, t, field(t, "stack" + d, "stack[" + d + "]", "stack" + d, label)));
        }
        return new AwaitSite(label, call, index, lines[index], locals, stack, awaitsYieldNow(call, index));
    }

    /**
     * {@code await(Future.yieldNow())} whose awaited value can only be that yield's: no jump lands
     * between the {@code Future.yieldNow()} call and the await ({@code await(c ? f : Future.yieldNow())}
     * jumps there with {@code f}, which is an ordinary await).
     */
    private boolean awaitsYieldNow(MethodInsnNode call, int index) {
        if (!Names.awaitsYieldNow(call)) return false;
        if (predecessors == null) predecessors = cfg.predecessors();
        int[][] preds = predecessors;
        for (int j = body.instructions.indexOf(Names.previousReal(call)) + 1; j <= index; j++) {
            if (preds[j].length != 1 || preds[j][0] != j - 1) return false;
        }
        return true;
    }

    /** @return the field for (role, type), creating it; {@code null} for a null value */
    private String field(ValueType t, String preferred, String role, String fallback, int label) {
        if (t.sort() == ValueType.Sort.NULL) return null;
        String key = role + "#" + t.descriptor();
        for (StateMachine.Field f : fields.values()) {
            if (f != null && (f.role() + "#" + f.type().descriptor()).equals(key)) {
                liveIn.get(f.name()).add(label);
                return f.name();
            }
        }
        String name = preferred != null ? preferred : fallback;
        if (fields.containsKey(name)) name = fallback;
        for (int k = 2; fields.containsKey(name); k++) name = (preferred != null ? preferred : fallback) + "$" + k;
        fields.put(name, new StateMachine.Field(name, t, role, List.of()));
        liveIn.put(name, new ArrayList<>(List.of(label)));
        return name;
    }

    private ValueType typeOf(BasicValue v, int index) {
        if (v == null || v == BasicValue.UNINITIALIZED_VALUE) return null;
        if (v == BasicValue.RETURNADDRESS_VALUE) {
            throw new WeaveException(where(lines[index]) + ": a return address is live at an await (JSR); recompile "
                    + "with a current javac.");
        }
        Type t = v.getType();
        if (t == null) return null;
        return switch (t.getSort()) {
            case Type.INT, Type.BOOLEAN, Type.BYTE, Type.CHAR, Type.SHORT -> new ValueType(ValueType.Sort.INT, "I");
            case Type.FLOAT -> new ValueType(ValueType.Sort.FLOAT, "F");
            case Type.LONG -> new ValueType(ValueType.Sort.LONG, "J");
            case Type.DOUBLE -> new ValueType(ValueType.Sort.DOUBLE, "D");
            case Type.OBJECT -> t.getInternalName().equals("null") ? new ValueType(ValueType.Sort.NULL, null)
                    : new ValueType(ValueType.Sort.REFERENCE, t.getDescriptor());
            case Type.ARRAY -> new ValueType(ValueType.Sort.REFERENCE, t.getDescriptor());
            default -> null;
        };
    }

    private String localName(int slot, int index) {
        if (body.localVariables == null) return null;
        for (LocalVariableNode lv : body.localVariables) {
            if (lv.index != slot) continue;
            int from = body.instructions.indexOf(lv.start);
            int to = body.instructions.indexOf(lv.end);
            if (from <= index && index < to) return lv.name;
        }
        return null;
    }

    String where(int line) {
        String file = source != null ? source : owner.name.replace('/', '.');
        return line > 0 ? file + ":" + line : file + " (" + body.name + ")";
    }

    private static int[] lineTable(MethodNode m) {
        int[] out = new int[m.instructions.size()];
        int line = -1;
        for (int i = 0; i < out.length; i++) {
            AbstractInsnNode insn = m.instructions.get(i);
            if (insn instanceof LineNumberNode ln) line = ln.line;
            out[i] = line;
        }
        return out;
    }
}
