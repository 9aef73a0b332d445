/**
 * The weaver's own model, free of any class-file library: a method's control-flow graph
 * ({@link dev.weft.weaver.model.Cfg}) and its natural loops ({@link dev.weft.weaver.model.NaturalLoops},
 * found with the graph's dominators), local-slot liveness ({@link dev.weft.weaver.model.Liveness}),
 * monitor depth ({@link dev.weft.weaver.model.MonitorDepth}), verifier value types
 * ({@link dev.weft.weaver.model.ValueType}), and the state machine of one woven body
 * ({@link dev.weft.weaver.model.StateMachine}) that {@link dev.weft.weaver.model.ExpandPrinter}
 * prints. A back end other than ASM (for example {@code java.lang.classfile}, once the Maven JVM
 * is 24+) would build the same model and reuse all of this.
 */
package dev.weft.weaver.model;
