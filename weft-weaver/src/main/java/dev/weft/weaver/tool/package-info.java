/**
 * Weaving class files on disk, shared by the command line ({@link dev.weft.weaver.Main}) and the
 * Maven plugin: a classes directory or a jar ({@link dev.weft.weaver.tool.ClassTree}) woven in
 * memory ({@link dev.weft.weaver.tool.TreeWeaver}) and written back, or expanded
 * ({@link dev.weft.weaver.tool.TreeExpander}); the resolvers over a class path and a JDK image; the
 * byte scans that keep the weaver away from classes with nothing to weave. Not API: public only for
 * the other packages of this module.
 *
 * <p>Maintainers: a tree reads lazily and writes either only what changed (in place) or everything
 * (elsewhere); a jar is always written whole to a temporary file and moved, in the input's entry
 * order and times, so weaving is reproducible.
 */
package dev.weft.weaver.tool;
