package dev.weft.weaver.model;

import java.util.List;

/**
 * The weaver's model of one woven body: what the generated state class holds and what each of
 * its states does. The ASM back end builds it; {@link ExpandPrinter} prints it.
 *
 * @param ownerClass the user's class, binary name ({@code com.example.Foo})
 * @param sourceFile its source file name, or {@code null}
 * @param bodyMethod the body's method in the user's class ({@code lambda$fetch$0})
 * @param stateClass the generated state class, binary name
 * @param outputType the body's declared output type
 * @param fields the state class's fields, captures first
 * @param states state 0 (start) and one per await
 */
public record StateMachine(String ownerClass, String sourceFile, String bodyMethod, String stateClass,
                           String outputType, List<Field> fields, List<State> states) {

    /** Bytes of a {@code WovenFuture} before any subclass field: header, child, phase. */
    private static final int BASE_BYTES = 12 + 4 + 1;

    /**
     * @return the size of one state object on 64-bit HotSpot with compressed references and
     *     12-byte headers (fields packed, rounded up to 8)
     */
    public int bytesPerObject() {
        int sum = BASE_BYTES;
        for (Field f : fields) sum += f.type().bytesInObject();
        return (sum + 7) & ~7;
    }

    /**
     * One field of the state class.
     *
     * @param name the field name
     * @param type its type
     * @param role what it holds: {@code capture}, {@code label}, {@code local NAME (slot N)} or
     *     {@code stack[N]}
     * @param liveIn the states whose suspension stores it (empty for captures and the label: all)
     */
    public record Field(String name, ValueType type, String role, List<Integer> liveIn) {}

    /**
     * One state: where the body resumes and what it runs until it suspends again or ends.
     *
     * @param label the state's number (0: not started)
     * @param awaitLine the source line of the await it resumes at ({@code -1} for state 0)
     * @param lines the source lines run from this state up to the next awaits
     * @param restores the fields reloaded on resume, locals first, then the operand stack
     * @param next the states it may suspend into
     * @param bytecode the instructions run in this state, one per line
     * @param yield whether it resumes at {@code await(Future.yieldNow())}, which suspends without a
     *     yield future: it wakes the task and returns Pending, and resuming polls nothing
     */
    public record State(int label, int awaitLine, List<Integer> lines, List<String> restores, List<Integer> next,
                        List<String> bytecode, boolean yield) {}
}
