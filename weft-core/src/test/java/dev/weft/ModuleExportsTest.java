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

/** Module dev.weft exports exactly the API packages: internals stay private (STYLE habit 4). */
class ModuleExportsTest {

    /** The API packages. Add a package here when its {@code exports} line is added to module-info. */
    private static final List<String> EXPORTED = List.of(
            "dev.weft",
            "dev.weft.future",
            "dev.weft.exec",
            "dev.weft.task",
            "dev.weft.io",
            "dev.weft.time",
            "dev.weft.coro",
            "dev.weft.net",
            "dev.weft.sync",
            "dev.weft.blocking",
            "dev.weft.fs",
            "dev.weft.scope",
            "dev.weft.flow",
            "dev.weft.sim");

    @Test
    void exportsExactlyTheApiPackagesToEveryone() {
        ModuleReference ref = ModuleFinder.of(Path.of("target", "classes"))
                .find("dev.weft")
                .orElseThrow(() -> new AssertionError("no module dev.weft in target/classes"));
        ModuleDescriptor d = ref.descriptor();
        Set<String> exported = d.exports().stream().map(ModuleDescriptor.Exports::source).collect(Collectors.toSet());
        assertThat(exported).containsExactlyInAnyOrderElementsOf(EXPORTED);
        assertThat(d.exports()).allSatisfy(e -> assertThat(e.isQualified()).as("%s is exported to everyone", e).isFalse());
        assertThat(d.packages()).as("internal packages exist and are not exported").anyMatch(p -> p.contains(".internal"));
    }
}
