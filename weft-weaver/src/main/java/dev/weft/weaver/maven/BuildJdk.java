package dev.weft.weaver.maven;

import java.nio.file.Path;
import org.apache.maven.execution.MavenSession;
import org.apache.maven.toolchain.Toolchain;
import org.apache.maven.toolchain.ToolchainManager;

/**
 * The home of the JDK a build compiles with: the {@code jdk} toolchain of the build context (as
 * the toolchains plugin's {@code select-jdk-toolchain} sets it), else none, meaning the JDK Maven
 * runs on.
 */
final class BuildJdk {
    private BuildJdk() {}

    /**
     * @param toolchains the build's toolchain manager
     * @param session the build's session
     * @return the toolchain JDK's home, or {@code null} if the build has no JDK toolchain
     */
    static Path home(ToolchainManager toolchains, MavenSession session) {
        Toolchain jdk = toolchains.getToolchainFromBuildContext("jdk", session);
        String java = jdk == null ? null : jdk.findTool("java");
        return java == null ? null : Path.of(java).toAbsolutePath().getParent().getParent();
    }
}
