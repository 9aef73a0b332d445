package dev.weft.weaver.maven;

import dev.weft.weaver.ClassResolver;
import dev.weft.weaver.WeaveException;
import dev.weft.weaver.Weaver;
import dev.weft.weaver.tool.ClassPath;
import dev.weft.weaver.tool.ClassTree;
import dev.weft.weaver.tool.JdkImage;
import dev.weft.weaver.tool.TreeExpander;
import dev.weft.weaver.tool.TreeWeaver;
import dev.weft.weaver.tool.WeaveSummary;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugin.logging.Log;

/**
 * A project's classes directory in a Maven build, woven in place or expanded: what the mojos share.
 * The weaver finds the classes they mention in the directory itself, then the project's class path
 * elements, then the JDK the build compiles with (the toolchain's, which may be newer than the JDK
 * Maven runs on), else Maven's own JDK.
 */
final class ProjectClasses {
    private final Path directory;
    private final List<Path> classpath;
    /** The toolchain's JDK, or {@code null} for Maven's own. */
    private final Path jdkHome;
    private final Log log;

    /**
     * @param directory the classes directory
     * @param classpathElements the project's class path for those classes
     * @param jdkHome the JDK they are compiled against, or {@code null} for the one Maven runs on
     * @param log the mojo's log
     */
    ProjectClasses(File directory, List<String> classpathElements, Path jdkHome, Log log) {
        this.directory = directory.toPath();
        this.classpath = classpathElements.stream().map(Path::of).toList();
        this.jdkHome = jdkHome;
        this.log = log;
    }

    /**
     * Weaves the directory in place; a directory that does not exist (nothing compiled) is left.
     *
     * @param keepRefusedStackful as {@link Weaver.Options#keepRefusedStackful}
     * @throws MojoFailureException if a body is refused
     * @throws MojoExecutionException if a class file cannot be read or written
     */
    void weave(boolean keepRefusedStackful) throws MojoFailureException, MojoExecutionException {
        if (!Files.isDirectory(directory)) {
            log.info("Weft: nothing to weave, no " + directory);
            return;
        }
        Weaver.Options d = Weaver.Options.defaults();
        Weaver.Options options = new Weaver.Options(keepRefusedStackful, d.keepDeadLocals(), d.verify());
        try (ClassTree tree = ClassTree.open(directory); ClassPath cp = ClassPath.open(classpath);
                JdkImage jdk = jdkHome == null ? null : JdkImage.open(jdkHome)) {
            WeaveSummary s = new TreeWeaver(new Weaver(resolver(tree, cp, jdk), options)).weave(tree);
            for (String w : s.warnings()) log.warn("Weft: " + w);
            tree.writeTo(directory);
            log.info("Weft: " + s.line() + " in " + directory);
        } catch (WeaveException e) {
            throw new MojoFailureException("Weft: " + e.getMessage() + (keepRefusedStackful ? ""
                    : " (or set keepRefusedStackful, -Dweft.keepRefusedStackful, to keep it as a stackful coroutine)"), e);
        } catch (IOException | UncheckedIOException e) {
            throw new MojoExecutionException("Weft: weaving " + directory + " failed: " + e.getMessage(), e);
        }
    }

    /**
     * Logs the expansion of each class of the directory that has a woven body.
     *
     * @param method only bodies whose method name contains this ({@code null}: all)
     * @param bytecode add each state's instructions
     * @throws MojoExecutionException if a class file cannot be read
     */
    void expand(String method, boolean bytecode) throws MojoExecutionException {
        if (!Files.isDirectory(directory)) {
            log.info("Weft: nothing to expand, no " + directory);
            return;
        }
        try (ClassTree tree = ClassTree.open(directory); ClassPath cp = ClassPath.open(classpath);
                JdkImage jdk = jdkHome == null ? null : JdkImage.open(jdkHome)) {
            List<String> texts = TreeExpander.expand(tree, resolver(tree, cp, jdk), method, bytecode);
            if (texts.isEmpty()) {
                log.info("Weft: no woven body in " + directory + (method == null ? "" : " whose method contains " + method));
            }
            for (String t : texts) log.info(t);
        } catch (IOException | UncheckedIOException e) {
            throw new MojoExecutionException("Weft: expanding " + directory + " failed: " + e.getMessage(), e);
        }
    }

    private ClassResolver resolver(ClassTree tree, ClassPath classpath, JdkImage jdk) {
        log.debug("Weft: the JDK's classes from " + (jdkHome != null ? jdkHome : "the JDK Maven runs on"));
        return ClassResolver.chain(tree.resolver(), ClassResolver.chain(classpath, jdk != null ? jdk : ClassResolver.of(null)));
    }
}
