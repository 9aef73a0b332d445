package dev.weft.weaver.asm;

import dev.weft.weaver.model.ValueType;

/**
 * One value saved at a suspension: a local slot or an operand stack position, its type, and the
 * state-class field that holds it ({@code null} for a value that is always {@code null}).
 *
 * @param index the local slot, or the stack depth (0 = bottom)
 * @param type its type
 * @param field the field's name, or {@code null}
 */
record Spill(int index, ValueType type, String field) {}
