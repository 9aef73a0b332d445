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
 * Goal {@code weave}: weaves the project's classes ({@code project.build.outputDirectory}) in place,
 * in {@code process-classes}, so the jar holds the woven classes and their state classes. Weaving
 * woven classes again changes nothing.
 *
 * <pre>{@code
 * <plugin>
 *   <groupId>dev.weft</groupId>
 *   <artifactId>weft-weaver</artifactId>
 *   <version>${weft.version}</version>
 *   <executions>
 *     <execution>
 *       <goals>
 *         <goal>weave</goal>
 *       </goals>
 *     </execution>
 *   </executions>
 * </plugin>
 * }</pre>
 *
 * <p>A refused body fails the build with the weaver's message (its file, its line and the fix),
 * unless {@code keepRefusedStackful} is set.
 */
@Mojo(name = "weave", defaultPhase = LifecyclePhase.PROCESS_CLASSES, requiresDependencyResolution = ResolutionScope.COMPILE,
        threadSafe = true)
public final class WeaveMojo extends WeavingMojo {
    @Parameter(defaultValue = "${project.build.outputDirectory}", readonly = true, required = true)
    private File classesDirectory;

    @Parameter(defaultValue = "${project.compileClasspathElements}", readonly = true, required = true)
    private List<String> classpathElements;

    /** @param toolchains the build's, to find the JDK the project compiles with */
    @Inject
    public WeaveMojo(ToolchainManager toolchains) {
        super(toolchains);
    }

    @Override
    File classesDirectory() {
        return classesDirectory;
    }

    @Override
    List<String> classpathElements() {
        return classpathElements;
    }
}
