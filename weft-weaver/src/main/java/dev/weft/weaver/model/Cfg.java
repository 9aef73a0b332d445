package dev.weft.weaver.model;

import java.util.stream.IntStream;

/**
 * A method's control-flow graph over instruction indices: for each instruction, the instructions
 * control may reach next normally and through an exception handler. Which edges a graph holds is
 * its builder's: the ones an analysis followed, or the ones the instructions name as written.
 *
 * @param normal normal successors of each instruction
 * @param exceptional handler entries each instruction may throw to
 */
public record Cfg(int[][] normal, int[][] exceptional) {
    /** @return the number of instructions */
    public int size() {
        return normal.length;
    }

    /**
     * @return for each instruction, the instructions it has an edge (normal or exceptional) to,
     *     each once: its normal successors first, then its handlers
     */
    public int[][] successors() {
        int n = size();
        int[][] succ = new int[n][];
        for (int i = 0; i < n; i++) {
            succ[i] = IntStream.concat(IntStream.of(normal[i]), IntStream.of(exceptional[i])).distinct().toArray();
        }
        return succ;
    }

    /** @return for each instruction, the instructions with an edge (normal or exceptional) to it */
    public int[][] predecessors() {
        int n = size();
        int[] counts = new int[n];
        for (int i = 0; i < n; i++) {
            for (int s : normal[i]) counts[s]++;
            for (int s : exceptional[i]) counts[s]++;
        }
        int[][] preds = new int[n][];
        for (int i = 0; i < n; i++) preds[i] = new int[counts[i]];
        int[] fill = new int[n];
        for (int i = 0; i < n; i++) {
            for (int s : normal[i]) preds[s][fill[s]++] = i;
            for (int s : exceptional[i]) preds[s][fill[s]++] = i;
        }
        return preds;
    }
}
