package dev.weft;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.module.ModuleDescriptor;
import java.lang.module.ModuleFinder;
import java.lang.module.ModuleReference;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * Module dev.weft exports exactly the API packages to everyone: internals stay private (STYLE habit
 * 4), except for the few the simulation (module dev.weft.sim, artifact weft-sim) needs, which go to
 * it alone.
 */
class ModuleExportsTest {

    /** The API packages. Add a package here when its {@code exports} line is added to module-info. */
    private static final List<String> EXPORTED = List.of(
            "dev.weft",
            "dev.weft.future",
            "dev.weft.exec",
            "dev.weft.task",
            "dev.weft.io",
            "dev.weft.io.codec",
            "dev.weft.time",
            "dev.weft.coro",
            "dev.weft.net",
            "dev.weft.net.tls",
            "dev.weft.sync",
            "dev.weft.blocking",
            "dev.weft.fs",
            "dev.weft.scope",
            "dev.weft.flow");

    /** The module that may read some of weft-core's internals: the deterministic simulation. */
    private static final String SIM = "dev.weft.sim";

    /** The internal packages exported to {@link #SIM} only. Add one here when module-info gains its line. */
    private static final List<String> EXPORTED_TO_SIM = List.of(
            "dev.weft.internal",
            "dev.weft.future.internal",
            "dev.weft.task.internal",
            "dev.weft.time.internal",
            "dev.weft.net.internal",
            "dev.weft.blocking.internal");

    private static ModuleDescriptor descriptor() {
        return ModuleFinder.of(Path.of("target", "classes"))
                .find("dev.weft")
                .map(ModuleReference::descriptor)
                .orElseThrow(() -> new AssertionError("no module dev.weft in target/classes"));
    }

    @Test
    void exportsExactlyTheApiPackagesToEveryone() {
        ModuleDescriptor d = descriptor();
        Set<String> exported = d.exports().stream().filter(e -> !e.isQualified())
                .map(ModuleDescriptor.Exports::source).collect(Collectors.toSet());
        assertThat(exported).containsExactlyInAnyOrderElementsOf(EXPORTED);
        assertThat(exported).as("internal packages are never exported to everyone").noneMatch(p -> p.contains(".internal"));
        assertThat(d.packages()).as("internal packages exist and are not exported").anyMatch(p -> p.contains(".internal"));
    }

    @Test
    void exportsItsInternalsOnlyToTheSimulation() {
        ModuleDescriptor d = descriptor();
        List<ModuleDescriptor.Exports> qualified = d.exports().stream().filter(ModuleDescriptor.Exports::isQualified).toList();
        assertThat(qualified).map(ModuleDescriptor.Exports::source).containsExactlyInAnyOrderElementsOf(EXPORTED_TO_SIM);
        assertThat(qualified).allSatisfy(e -> assertThat(e.targets()).as("%s", e).containsExactly(SIM));
        assertThat(d.opens()).as("nothing is opened for reflection").isEmpty();
    }
}
