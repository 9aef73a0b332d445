package dev.weft.weaver.maven;

import java.io.File;
import java.util.List;
import javax.inject.Inject;
import org.apache.maven.execution.MavenSession;
import org.apache.maven.plugin.AbstractMojo;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;
import org.apache.maven.plugins.annotations.ResolutionScope;
import org.apache.maven.toolchain.ToolchainManager;

/**
 * Goal {@code weave-tests}: weaves the project's test classes
 * ({@code project.build.testOutputDirectory}) in place, in {@code process-test-classes}, as
 * {@link WeaveMojo} weaves the main classes.
 *
 * <pre>{@code
 * <execution>
 *   <goals>
 *     <goal>weave</goal>
 *     <goal>weave-tests</goal>
 *   </goals>
 * </execution>
 * }</pre>
 */
@Mojo(name = "weave-tests", defaultPhase = LifecyclePhase.PROCESS_TEST_CLASSES,
        requiresDependencyResolution = ResolutionScope.TEST, threadSafe = true)
public final class WeaveTestsMojo extends AbstractMojo {
    @Parameter(defaultValue = "${project.build.testOutputDirectory}", readonly = true, required = true)
    private File testClassesDirectory;

    @Parameter(defaultValue = "${project.testClasspathElements}", readonly = true, required = true)
    private List<String> classpathElements;

    /** Leave a refused body unwoven (it runs as a stackful coroutine) with a warning, instead of failing. */
    @Parameter(property = "weft.keepRefusedStackful", defaultValue = "false")
    private boolean keepRefusedStackful;

    @Parameter(defaultValue = "${session}", readonly = true, required = true)
    private MavenSession session;

    private final ToolchainManager toolchains;

    /** @param toolchains the build's, to find the JDK the project compiles with */
    @Inject
    public WeaveTestsMojo(ToolchainManager toolchains) {
        this.toolchains = toolchains;
    }

    @Override
    public void execute() throws MojoExecutionException, MojoFailureException {
        new ProjectClasses(testClassesDirectory, classpathElements, BuildJdk.home(toolchains, session), getLog())
                .weave(keepRefusedStackful);
    }
}
