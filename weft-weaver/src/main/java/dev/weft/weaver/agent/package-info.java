/**
 * The java agent's parts ({@link dev.weft.weaver.Agent}): the transformer that weaves classes as
 * they load, and the definer that puts their state classes into the woven class's loader. Not
 * API: public only for the agent's entry point.
 *
 * <p>Maintainers: a transformer runs inside class loading, so it must not fail it (everything is
 * reported and the class left unwoven) and it must not weave the weaver: the classes a thread
 * loads while it weaves (the weaver's own, lazily, the shaded ASM among them, and the state classes
 * it defines) are skipped.
 */
package dev.weft.weaver.agent;
