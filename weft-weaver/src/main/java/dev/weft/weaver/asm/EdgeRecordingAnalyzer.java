package dev.weft.weaver.asm;

import dev.weft.weaver.model.Cfg;
import java.util.ArrayList;
import java.util.List;
import org.objectweb.asm.tree.TryCatchBlockNode;
import org.objectweb.asm.tree.analysis.Analyzer;
import org.objectweb.asm.tree.analysis.BasicValue;
import org.objectweb.asm.tree.analysis.Interpreter;

/**
 * ASM's {@link Analyzer} that also records the control-flow edges it follows, as a {@link Cfg}.
 * Exception edges are recorded as the JVM takes them: from an instruction, to each handler that
 * covers it in exception-table order, up to and including the first that catches everything; the
 * handlers after that one (an outer {@code finally} around a {@code synchronized} block, whose
 * own catch-all handler comes first) are never reached from that instruction. ASM still follows
 * every edge for the frames it computes, as the verifier does.
 */
final class EdgeRecordingAnalyzer extends Analyzer<BasicValue> {
    private List<List<Integer>> normal;
    private List<List<Integer>> exceptional;
    private boolean[] caughtAll; // per instruction: a catch-all handler was met already

    EdgeRecordingAnalyzer(Interpreter<BasicValue> interpreter) {
        super(interpreter);
    }

    private org.objectweb.asm.tree.MethodNode method;

    private org.objectweb.asm.tree.MethodNode method() {
        return method;
    }

    @Override
    protected void init(String owner, org.objectweb.asm.tree.MethodNode method) {
        this.method = method;
        int n = method.instructions.size();
        normal = new ArrayList<>(n);
        exceptional = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            normal.add(new ArrayList<>(2));
            exceptional.add(new ArrayList<>(0));
        }
        caughtAll = new boolean[n];
    }

    @Override
    protected void newControlFlowEdge(int insn, int successor) {
        if (!normal.get(insn).contains(successor)) normal.get(insn).add(successor);
    }

    @Override
    protected boolean newControlFlowExceptionEdge(int insn, TryCatchBlockNode handler) {
        if (!caughtAll[insn]) {
            int successor = method().instructions.indexOf(handler.handler);
            if (!exceptional.get(insn).contains(successor)) exceptional.get(insn).add(successor);
            if (handler.type == null) caughtAll[insn] = true;
        }
        return true;
    }

    /** @return the edges recorded by the last {@code analyze} */
    Cfg cfg() {
        int n = normal.size();
        int[][] nn = new int[n][];
        int[][] ee = new int[n][];
        for (int i = 0; i < n; i++) {
            nn[i] = normal.get(i).stream().mapToInt(Integer::intValue).toArray();
            ee[i] = exceptional.get(i).stream().mapToInt(Integer::intValue).toArray();
        }
        return new Cfg(nn, ee);
    }
}
