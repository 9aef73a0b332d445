package dev.weft.weaver.maven;

import java.io.File;
import java.util.List;
import javax.inject.Inject;
import org.apache.maven.execution.MavenSession;
import org.apache.maven.plugin.AbstractMojo;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;
import org.apache.maven.plugins.annotations.ResolutionScope;
import org.apache.maven.toolchain.ToolchainManager;

/**
 * Goal {@code expand}: prints each woven body of the project's classes as readable Java-like code
 * (as {@code cargo expand} does for Rust; see {@link dev.weft.weaver.Expander}).
 *
 * <pre>{@code
 * mvn install -DskipTests     # once: Maven finds the plugin by its prefix in the local repository
 * mvn -pl weft-examples weft:expand -Dweft.expand.method=fetch -Dweft.expand.bytecode
 * }</pre>
 */
@Mojo(name = "expand", requiresDependencyResolution = ResolutionScope.COMPILE, threadSafe = true)
public final class ExpandMojo extends AbstractMojo {
    @Parameter(defaultValue = "${project.build.outputDirectory}", readonly = true, required = true)
    private File classesDirectory;

    @Parameter(defaultValue = "${project.compileClasspathElements}", readonly = true, required = true)
    private List<String> classpathElements;

    /** Only the bodies whose method name (or a lambda's enclosing method's) contains this; all if unset. */
    @Parameter(property = "weft.expand.method")
    private String method;

    /** Add the instructions of each state. */
    @Parameter(property = "weft.expand.bytecode", defaultValue = "false")
    private boolean bytecode;

    @Parameter(defaultValue = "${session}", readonly = true, required = true)
    private MavenSession session;

    private final ToolchainManager toolchains;

    /** @param toolchains the build's, to find the JDK the project compiles with */
    @Inject
    public ExpandMojo(ToolchainManager toolchains) {
        this.toolchains = toolchains;
    }

    @Override
    public void execute() throws MojoExecutionException {
        new ProjectClasses(classesDirectory, classpathElements, BuildJdk.home(toolchains, session), getLog())
                .expand(method, bytecode);
    }
}
