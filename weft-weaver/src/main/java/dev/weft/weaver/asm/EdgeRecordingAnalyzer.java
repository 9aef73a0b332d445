package dev.weft.weaver.asm;

import dev.weft.weaver.model.Cfg;
import java.util.ArrayList;
import java.util.List;
import org.objectweb.asm.tree.analysis.Analyzer;
import org.objectweb.asm.tree.analysis.BasicValue;
import org.objectweb.asm.tree.analysis.Interpreter;

/** ASM's {@link Analyzer} that also records the control-flow edges it follows, as a {@link Cfg}. */
final class EdgeRecordingAnalyzer extends Analyzer<BasicValue> {
    private List<List<Integer>> normal;
    private List<List<Integer>> exceptional;

    EdgeRecordingAnalyzer(Interpreter<BasicValue> interpreter) {
        super(interpreter);
    }

    @Override
    protected void init(String owner, org.objectweb.asm.tree.MethodNode method) {
        int n = method.instructions.size();
        normal = new ArrayList<>(n);
        exceptional = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            normal.add(new ArrayList<>(2));
            exceptional.add(new ArrayList<>(0));
        }
    }

    @Override
    protected void newControlFlowEdge(int insn, int successor) {
        if (!normal.get(insn).contains(successor)) normal.get(insn).add(successor);
    }

    @Override
    protected boolean newControlFlowExceptionEdge(int insn, int successor) {
        if (!exceptional.get(insn).contains(successor)) exceptional.get(insn).add(successor);
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
