package dev.weft.weaver.maven;

import java.io.File;
import java.util.List;
import javax.inject.Inject;
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
public final class WeaveTestsMojo extends WeavingMojo {
    @Parameter(defaultValue = "${project.build.testOutputDirectory}", readonly = true, required = true)
    private File testClassesDirectory;

    @Parameter(defaultValue = "${project.testClasspathElements}", readonly = true, required = true)
    private List<String> classpathElements;

    /** @param toolchains the build's, to find the JDK the project compiles with */
    @Inject
    public WeaveTestsMojo(ToolchainManager toolchains) {
        super(toolchains);
    }

    @Override
    File classesDirectory() {
        return testClassesDirectory;
    }

    @Override
    List<String> classpathElements() {
        return classpathElements;
    }
}
