package dev.weft.weaver;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.Weft;
import dev.weft.weaver.toolsample.AgentSample;
import java.io.File;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.jar.Attributes;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The java agent in a JVM of its own, started with {@code -javaagent} and {@code -Xverify:all} and
 * without any {@code --add-opens}: {@link AgentSample} runs bodies the agent weaves and one it
 * refuses. The agent jar is made here (surefire runs before the module's package phase): a
 * manifest whose {@code Class-Path} names this module's classes and the ASM jars.
 */
@Timeout(120)
class AgentTest {
    private static final long CHILD_SECONDS = 60;

    @TempDir
    static Path tmp;

    private static Child sample;

    @BeforeAll
    static void runTheSampleWithTheAgent() throws Exception {
        sample = java(tmp, "-javaagent:" + agentJar(tmp), "-Xverify:all", "-cp", classPath(AgentSample.class, Weft.class),
                AgentSample.class.getName());
    }

    @Test
    void weavesAnAsyncBodyAtLoadTimeAndItsAwaitsRunAsAStateMachine() {
        assertThat(sample.status).as(sample.err).isZero();
        assertThat(sample.out).contains("fetch woven=true class=dev.weft.weaver.toolsample.Fetcher$fetch$0 result=42");
    }

    @Test
    void bothLambdasOfAConditionalPassedToOneAsyncCallAreWovenAtLoadTime() {
        assertThat(sample.out).contains("choose first=true woven=true result=41")
                .contains("choose first=false woven=true result=42");
        assertThat(sample.err).doesNotContain("Chooser");
    }

    @Test
    void aConstructorWithAnAwaitedArgumentInitializesItsClassBeforeTheArgumentsAtLoadTime() {
        assertThat(sample.out).contains("constructed woven=true result=Made(argument, v) order=[init Made, argument]")
                .contains("switch argument woven=true result=Made(k=1, w)");
        assertThat(sample.err).doesNotContain("Constructed");
    }

    @Test
    void aRefusedBodyIsReportedOnStandardErrorAndRunsStackfulWhileTheOthersAreWoven() {
        assertThat(sample.out).contains("locked woven=false result=7");
        assertThat(sample.err).contains("weft agent: warning: Locked.java:")
                .contains("Weft.await inside a synchronized block").contains("(left unwoven: it runs as a stackful coroutine)");
        assertThat(sample.err).doesNotContain("Fetcher");
    }

    @Test
    void anUnknownAgentOptionStopsTheJvmWithTheOptionsThatExist() throws Exception {
        Child c = java(tmp, "-javaagent:" + agentJar(tmp) + "=fast", "-cp", classPath(AgentSample.class, Weft.class),
                AgentSample.class.getName());

        assertThat(c.status).isNotZero();
        assertThat(c.err).contains("weft agent: unknown option 'fast'; the one option is keep-refused-stackful");
        assertThat(c.out).doesNotContain("fetch woven");
    }

    private record Child(int status, String out, String err) {}

    /** Runs this JDK's {@code java} with {@code args}, within {@link #CHILD_SECONDS}. */
    private static Child java(Path dir, String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        command.add(ProcessHandle.current().info().command().orElseThrow());
        command.addAll(Arrays.asList(args));
        Path out = Files.createTempFile(dir, "out", ".txt");
        Path err = Files.createTempFile(dir, "err", ".txt");
        Process p = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        if (!p.waitFor(CHILD_SECONDS, TimeUnit.SECONDS)) {
            p.destroyForcibly().waitFor();
            throw new AssertionError("the JVM did not end within " + CHILD_SECONDS + " s: " + command + "\n"
                    + Files.readString(err));
        }
        return new Child(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8), Files.readString(err, StandardCharsets.UTF_8));
    }

    /** An agent jar whose manifest names the agent and, in {@code Class-Path}, where its classes and ASM are. */
    private static Path agentJar(Path dir) throws IOException, URISyntaxException {
        Path jar = dir.resolve("weft-weaver-agent.jar");
        if (Files.exists(jar)) return jar;
        List<String> classPath = new ArrayList<>();
        classPath.add(location(Agent.class).toUri().toString());
        for (String e : System.getProperty("java.class.path").split(File.pathSeparator)) {
            if (Path.of(e).getFileName().toString().matches("asm(-[a-z]+)?-[0-9.]+\\.jar")) classPath.add(Path.of(e).toUri().toString());
        }
        assertThat(classPath).as("the ASM jars on the test class path").hasSizeGreaterThan(1);
        Manifest m = new Manifest();
        m.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        m.getMainAttributes().putValue("Premain-Class", Agent.class.getName());
        m.getMainAttributes().put(Attributes.Name.CLASS_PATH, String.join(" ", classPath));
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar), m)) {
            out.flush();
        }
        return jar;
    }

    private static String classPath(Class<?>... classes) throws URISyntaxException {
        List<String> paths = new ArrayList<>();
        for (Class<?> c : classes) paths.add(location(c).toString());
        return String.join(File.pathSeparator, paths);
    }

    private static Path location(Class<?> c) throws URISyntaxException {
        return Path.of(c.getProtectionDomain().getCodeSource().getLocation().toURI());
    }
}
