package dev.weft;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.spi.ToolProvider;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The layers of DESIGN.md import only downward. Each layer is a package and its own
 * {@code .internal} package (and the packages below that, such as one per poller); a package may use any package of its own layer or of a layer below,
 * never one above. With a strict order between layers this also rules out cycles between layers;
 * the only cycles allowed are between a layer's API package and its own internal package (a
 * sealed API type permitting its internal implementation, say). The package graph comes from
 * {@code jdeps} over the compiled classes, so an import the source hides behind a fully qualified
 * name is caught too. One more rule: the floors between the task and the executors never import
 * the task's internals ({@link #TASK_INTERNAL}).
 */
class LayeringTest {
    /** Bottom to top. */
    static final List<String> LAYERS = List.of(
            "future",   // futures, wakers, contexts, combinators, streams: nothing of Weft
            "internal", // the runtime base: carrier lookup, budget, drivers lookup, outcomes
            "driver",   // the loop that waits for deadlines and I/O: its lock, fallback, pollers' contract
            "task",     // the raw task and its handle
            "time",     // clock, timer wheel and the timers a driver fires
            "io",       // AsyncRead / AsyncWrite and their combinators
            "io.codec", // frames over AsyncRead / AsyncWrite: decoders, encoders, framed reader and writer
            "net",      // the reactor and sockets
            "blocking", // the blocking pool
            "net.tls",  // TLS over byte streams: the engine's loop, its tasks on the blocking pool, deadlines
            "sync",     // channels, locks, events
            "exec",     // executors and the WeftRuntime, which composes the drivers below
            "fs",       // files, on the blocking pool
            "coro",     // stackful and woven coroutines
            "scope",    // task scopes: children, joiners, deadlines, tokens, trackers
            "flow",     // Flow.Publisher interop
            "");        // dev.weft: the front door

    /**
     * The raw task's internals. The floors between the task and the executors (timers, I/O, the
     * reactor, the blocking pool, channels and locks) see tasks only as wakers: what they ask of a
     * task ({@code Waker.isSpent()}: has it ended?) the future layer answers.
     */
    static final String TASK_INTERNAL = "dev.weft.task.internal";

    private static final Pattern EDGE = Pattern.compile("^\\s*(dev\\.weft[\\w.]*)\\s+->\\s+(dev\\.weft[\\w.]*)\\s");

    /** @return the layer index of a package, or -1 if no layer claims it */
    static int layerOf(String pkg) {
        String rest = pkg.equals("dev.weft") ? "" : pkg.substring("dev.weft.".length());
        int internal = rest.indexOf(".internal");
        if (internal >= 0 && (rest.endsWith(".internal") || rest.startsWith(".internal.", internal))) rest = rest.substring(0, internal);
        return LAYERS.indexOf(rest);
    }

    /** @return the violations among {@code edges} (pairs from, to) */
    static List<String> violations(Set<List<String>> edges) {
        List<String> out = new ArrayList<>();
        for (List<String> e : edges) {
            String from = e.get(0);
            String to = e.get(1);
            int lf = layerOf(from);
            int lt = layerOf(to);
            if (lf < 0) out.add(from + " is in no layer of LayeringTest.LAYERS");
            else if (lt < 0) out.add(to + " is in no layer of LayeringTest.LAYERS");
            else if (lt > lf) out.add("upward: " + from + " (" + LAYERS.get(lf) + ") -> " + to + " (" + LAYERS.get(lt) + ")");
            else if (to.equals(TASK_INTERNAL) && lf > layerOf("dev.weft.task") && lf < layerOf("dev.weft.exec")) {
                out.add("into the task's internals: " + from + " (" + LAYERS.get(lf) + ") -> " + to);
            }
        }
        return out;
    }

    private static Set<List<String>> packageEdges(Path classes) {
        ToolProvider jdeps = ToolProvider.findFirst("jdeps").orElseThrow(() -> new AssertionError("no jdeps in this JDK"));
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int rc = jdeps.run(new PrintWriter(out), new PrintWriter(err), "-verbose:package", "-filter:none", classes.toString());
        assertThat(rc).as("jdeps failed: %s", err).isZero();
        Set<List<String>> edges = new LinkedHashSet<>();
        for (String line : out.toString().split("\n")) {
            Matcher m = EDGE.matcher(line);
            if (m.find() && !m.group(1).equals(m.group(2))) edges.add(List.of(m.group(1), m.group(2)));
        }
        return edges;
    }

    @Test
    void everyPackageOfWeftCoreImportsOnlyItsOwnLayerAndTheLayersBelow() throws Exception {
        Path classes = Path.of(Weft.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        Set<List<String>> edges = packageEdges(classes);
        assertThat(edges).as("jdeps found no package edges in %s", classes).hasSizeGreaterThan(20);
        assertThat(violations(edges)).isEmpty();
    }

    @Test
    void theCheckRejectsAnUpwardEdgeAndAPackageOutsideTheLayers() {
        assertThat(violations(Set.of(List.of("dev.weft.future", "dev.weft.task.internal"))))
                .containsExactly("upward: dev.weft.future (future) -> dev.weft.task.internal (task)");
        assertThat(violations(Set.of(List.of("dev.weft.exec", "dev.weft.time.internal")))).isEmpty();
        assertThat(violations(Set.of(List.of("dev.weft.net.internal.epoll", "dev.weft.driver.internal")))).isEmpty();
        assertThat(violations(Set.of(List.of("dev.weft.net.internal.nio", "dev.weft.sync"))))
                .containsExactly("upward: dev.weft.net.internal.nio (net) -> dev.weft.sync (sync)");
        assertThat(violations(Set.of(List.of("dev.weft.gadgets", "dev.weft.future")))).hasSize(1);
    }

    @Test
    void theCheckRejectsTimersSocketsAndChannelsThatReachIntoTheTasksInternals() {
        for (String floor : List.of("dev.weft.time.internal", "dev.weft.net", "dev.weft.net.internal", "dev.weft.sync")) {
            assertThat(violations(Set.of(List.of(floor, TASK_INTERNAL))))
                    .containsExactly("into the task's internals: " + floor + " (" + LAYERS.get(layerOf(floor)) + ") -> " + TASK_INTERNAL);
        }
        assertThat(violations(Set.of(List.of("dev.weft.exec.internal", TASK_INTERNAL)))).isEmpty();
        assertThat(violations(Set.of(List.of("dev.weft.task", TASK_INTERNAL)))).isEmpty();
    }

    /**
     * What the blocked-worker report counts as Weft's own frames is every layer here, and only
     * those: it looks at the package's first name under {@code dev.weft} ({@code io} holds
     * {@code io.codec}).
     */
    @Test
    void theBlockedWorkerCallSiteSkipsTheFramesOfEveryLayer() {
        Set<String> layers = new LinkedHashSet<>();
        for (String layer : LAYERS) {
            if (!layer.isEmpty()) layers.add(layer.contains(".") ? layer.substring(0, layer.indexOf('.')) : layer);
        }
        assertThat(dev.weft.exec.internal.CallSite.WEFT_LAYERS).containsExactlyInAnyOrderElementsOf(layers);
        assertThat(dev.weft.exec.internal.CallSite.isWeft("dev.weft.io.codec.FramedReader")).isTrue();
    }
}
