package dev.weft.weaver.asm;

import java.util.List;
import org.objectweb.asm.tree.MethodInsnNode;

/**
 * One {@code Weft.await} call of a woven body: the state it suspends into and what it spills.
 *
 * @param label the state number (1..n)
 * @param call the {@code INVOKESTATIC Weft.await} instruction
 * @param index its instruction index
 * @param line its source line, or {@code -1}
 * @param locals the live locals saved, by slot
 * @param stack the operand stack below the awaited future, bottom first
 * @param yield whether it is {@code await(Future.yieldNow())}, woven without a yield future
 */
record AwaitSite(int label, MethodInsnNode call, int index, int line, List<Spill> locals, List<Spill> stack,
                 boolean yield) {}
