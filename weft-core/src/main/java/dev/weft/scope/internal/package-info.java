/**
 * The task scope's parts that are not API: {@code ChildLedger} (the children alive, the owner's
 * waker), {@code ScopeChild} (a child's future and its {@code Subtask}), {@code OpenScopes} (each
 * owner's innermost open scope), and the joiners Weft ships. Not exported.
 */
package dev.weft.scope.internal;
