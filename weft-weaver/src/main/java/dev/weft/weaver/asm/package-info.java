/**
 * The ASM back end of the weaver. Maintainers' overview of how one class is woven:
 * <ol>
 *   <li>{@code ClassWeaver} finds each {@code INVOKESTATIC Weft.async} and, by data flow
 *       ({@code AsyncSites}), the lambdas ({@code invokedynamic}s of the lambda metafactory making
 *       a {@code Callable}) that make its argument, through conditionals, switches and casts; each
 *       implementation method in the same class that calls {@code Weft.await} is woven once.</li>
 *   <li>{@code BodyWeaver} copies the body, appends two parameters (the state object and the
 *       {@code Context}) after the captured ones and moves every other local up two slots, so the
 *       body's own locals keep their names and order; {@code UninitializedNews} re-creates
 *       at its constructor call each object of a {@code NEW} that is alive at an await (found by
 *       data flow, {@code NewOrigins}), leaving {@code NEW T; POP} and a {@code null} stand-in where
 *       javac put it, so that {@code T} is initialized where Java does.</li>
 *   <li>{@code BodyAnalysis} runs ASM's analyzer with exact types ({@code TypedInterpreter}, class
 *       relations from class files, never loaded), records the control-flow graph, computes
 *       liveness and monitor depth in the model package, and assigns each await its label and the
 *       fields its live locals and operand stack spill into (one field per slot and type, shared
 *       by the states that need it).</li>
 *   <li>{@code BodyRewriter} rewrites the copy: a {@code tableswitch} prologue on the label with one
 *       restore block per state, each await replaced by an inline poll of the child (a call site of
 *       its own, so each await keeps its own type profile), and one suspend block per await after
 *       the body, outside every
 *       exception range. {@code StateClassWriter} generates the state class.</li>
 *   <li>{@code ClassWeaver} replaces each woven lambda, where it is made, by
 *       {@code StateClass.create(captures)} and drops its {@code Weft.async} call, adds the
 *       woven bodies (same names, new descriptors), keeps the original bodies for {@code expand},
 *       marks the class with {@code @dev.weft.coro.Woven} (invisible), computes the frames of each
 *       changed method alone with a {@code Hierarchy}-backed class writer ({@code MethodFrames}),
 *       verifies it ({@code Verification}) and writes the class, the other methods keeping javac's
 *       frames. A failure at any step refuses only the bodies it concerns.</li>
 * </ol>
 */
package dev.weft.weaver.asm;
