package dev.weft.weaver.asm;

import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.LineNumberNode;
import org.objectweb.asm.tree.MethodNode;

/**
 * What is left of the tables of one method's {@code Code} attribute whose entries the class file
 * counts in two bytes (JVMS 4.7.3, 4.7.12, 4.7.13, 4.7.14): the exception table, the
 * {@code LineNumberTable} and the {@code LocalVariableTable} (its {@code LocalVariableTypeTable}
 * has at most as many entries). ASM writes a longer table with its count wrapped, and the JVM
 * rejects the class ({@code ClassFormatError: LocalVariableTable has wrong length}), so code
 * that copies code ({@link LoopResumes}) asks here first.
 *
 * {@snippet :
 * TableBudget budget = TableBudget.of(method);
 * if (budget.fits(newHandlers, newLines)) budget.take(newHandlers, newLines); // else do not copy
 * int kept = budget.takeNames(newNames);                                    // names beyond are dropped
 * }
 */
final class TableBudget {
    /** The most entries a table counted in two bytes holds. */
    static final int MAX_ENTRIES = 0xFFFF;

    private int handlers;
    private int lines;
    private int names;

    private TableBudget(int handlers, int lines, int names) {
        this.handlers = handlers;
        this.lines = lines;
        this.names = names;
    }

    /** @return the budget left by what {@code m} holds now */
    static TableBudget of(MethodNode m) {
        int lines = 0;
        for (AbstractInsnNode insn = m.instructions.getFirst(); insn != null; insn = insn.getNext()) {
            if (insn instanceof LineNumberNode) lines++;
        }
        return new TableBudget(m.tryCatchBlocks.size(), lines, m.localVariables == null ? 0 : m.localVariables.size());
    }

    /** @return whether that many more exception table and line number entries fit */
    boolean fits(int moreHandlers, int moreLines) {
        return handlers + moreHandlers <= MAX_ENTRIES && lines + moreLines <= MAX_ENTRIES;
    }

    /** Counts entries that {@link #fits} allowed. */
    void take(int moreHandlers, int moreLines) {
        handlers += moreHandlers;
        lines += moreLines;
    }

    /** @return how many more local variable entries fit */
    int namesLeft() {
        return MAX_ENTRIES - names;
    }

    /**
     * @param wanted local variable entries one would add
     * @return how many of them fit (and are now counted)
     */
    int takeNames(int wanted) {
        int granted = Math.max(0, Math.min(wanted, MAX_ENTRIES - names));
        names += granted;
        return granted;
    }
}
