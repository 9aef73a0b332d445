package dev.weft.weaver.model;

/**
 * A method's control-flow graph over instruction indices: for each instruction, the instructions
 * control may reach next normally and through an exception handler.
 *
 * @param normal normal successors of each instruction
 * @param exceptional handler entries each instruction may throw to
 */
public record Cfg(int[][] normal, int[][] exceptional) {
    /** @return the number of instructions */
    public int size() {
        return normal.length;
    }
}
