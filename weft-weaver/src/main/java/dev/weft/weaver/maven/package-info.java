/**
 * The Maven plugin (goal prefix {@code weft}): {@code weave} (main classes, in
 * {@code process-classes}), {@code weave-tests} (test classes, in {@code process-test-classes})
 * and {@code expand}. Runs in Maven's JVM, which may be older than the JDK the project compiles
 * with: the weaver reads that JDK's classes from the build's JDK toolchain.
 */
package dev.weft.weaver.maven;
