package dev.weft.weaver.maven;

import java.io.File;
import java.util.List;
import org.apache.maven.execution.MavenSession;
import org.apache.maven.plugin.AbstractMojo;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.Parameter;
import org.apache.maven.toolchain.ToolchainManager;

/**
 * What the {@code weave} and {@code weave-tests} goals share: the opt-out, the session and the
 * toolchains (to read the JDK the project compiles with), and the weaving of one classes directory
 * in place. Each goal says which directory and which class path.
 */
abstract class WeavingMojo extends AbstractMojo {
    /** Leave a refused body unwoven (it runs as a stackful coroutine) with a warning, instead of failing. */
    @Parameter(property = "weft.keepRefusedStackful", defaultValue = "false")
    private boolean keepRefusedStackful;

    @Parameter(defaultValue = "${session}", readonly = true, required = true)
    private MavenSession session;

    private final ToolchainManager toolchains;

    /** @param toolchains the build's, to find the JDK the project compiles with */
    WeavingMojo(ToolchainManager toolchains) {
        this.toolchains = toolchains;
    }

    /** @return the classes directory to weave in place */
    abstract File classesDirectory();

    /** @return the class path its classes are compiled against */
    abstract List<String> classpathElements();

    @Override
    public final void execute() throws MojoExecutionException, MojoFailureException {
        new ProjectClasses(classesDirectory(), classpathElements(), BuildJdk.home(toolchains, session), getLog())
                .weave(keepRefusedStackful);
    }
}
