/**
 * Structured concurrency: tasks that live inside a block and never outlive it.
 *
 * <ul>
 *   <li>{@link dev.weft.scope.TaskScope}: open it in a try-with-resources block, spawn children,
 *       {@code join()} them through a {@link dev.weft.scope.Joiner} (fail fast, supervisor, all in
 *       order, in completion order, first success); leaving the block cancels the children still
 *       running and waits for them. Scopes nest, a deadline bounds a scope and every scope inside
 *       it, and cancelling the owner cancels the whole tree.</li>
 *   <li>{@link dev.weft.scope.TaskTracker}: the scope of a server's connections, whose failures go
 *       to the runtime's failure hook as they happen, with a graceful {@code shutdown(grace)}.</li>
 *   <li>{@link dev.weft.scope.CancellationToken}: a tree of cancel signals for code that is not
 *       shaped as one block (tokio-util's {@code CancellationToken}).</li>
 * </ul>
 *
 * <p>Implementation overview for maintainers:
 * <ul>
 *   <li>{@link dev.weft.scope.TaskScope} is the owner's handle: it spawns children (each a task of
 *       the runtime, its future wrapped in a {@code ScopeChild} that carries the scope's
 *       bindings), joins them through its {@link dev.weft.scope.Joiner}, and closes (a shielded
 *       future: it waits in a body that is being cancelled too). The weaver makes the
 *       {@code close()} of a {@code TaskScope} variable an await in a woven body.</li>
 *   <li>The accounting behind "no child outlives its scope" is {@code ChildLedger}'s: a child is
 *       linked from its spawn until its task completed ({@code TaskEndListener}), one lock, model
 *       checked with a broken variant ({@code ChildLedgerLincheckTest}).</li>
 *   <li>Nesting: a scope finds its parent in {@code OpenScopes} (the scopes an owner has open,
 *       innermost first, so a scope opened inside another one's block in the same body nests
 *       under it across suspensions) or in the running code's bindings (the scope its task is a
 *       child of). Deadlines take the earlier of the parent's and its own; a scope's deadline is a
 *       named timer task outside every scope that stops it.</li>
 *   <li>Failures surface once: a joiner reads a child's failure ({@code Subtask.exception()}) and
 *       a completed join carries it out; an await of the child's task takes it; the rest is
 *       reported at close through the child's own task, to its runtime's failure hook.</li>
 *   <li>{@link dev.weft.scope.TaskTracker} (a scope whose failures go to the hook as they happen,
 *       with a graceful {@code shutdown}) and {@link dev.weft.scope.CancellationToken} serve
 *       services.</li>
 * </ul>
 * The layer sits above {@code coro}: a scope composes tasks, timers, the runtime and the awaits of
 * the three modes (woven, stackful, blocking).
 */
package dev.weft.scope;
