package dev.weft.sim;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.Weft;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.lang.module.ModuleDescriptor;
import java.lang.module.ModuleFinder;
import java.nio.file.Path;
import java.util.Set;
import java.util.TreeSet;
import java.util.spi.ToolProvider;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The simulation reaches into weft-core only through the packages module dev.weft exports to it:
 * its API packages, and the internal ones it exports to dev.weft.sim alone. javac enforces this
 * while it compiles module dev.weft.sim; this test reads the compiled classes with {@code jdeps}
 * (fully qualified names and all), so the rule holds however the module is built.
 */
class CoreAccessTest {

    private static Path codeSource(Class<?> c) throws Exception {
        return Path.of(c.getProtectionDomain().getCodeSource().getLocation().toURI());
    }

    /**
     * @return the packages of weft-core that jdeps sees module dev.weft.sim, compiled under
     *     {@code classes}, use; jdeps resolves its {@code requires dev.weft} in {@code coreClasses}
     */
    private static Set<String> weftPackagesUsed(Path classes, Path coreClasses) {
        ToolProvider jdeps = ToolProvider.findFirst("jdeps").orElseThrow(() -> new AssertionError("no jdeps in this JDK"));
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int rc = jdeps.run(new PrintWriter(out), new PrintWriter(err), "--module-path", coreClasses.toString(),
                "-verbose:package", "-filter:none", classes.toString());
        assertThat(rc).as("jdeps failed: %s%s", out, err).isZero();
        return out.toString().lines().map(String::strip)
                .filter(l -> l.startsWith("dev.weft.sim ") && l.contains("->"))
                .map(l -> l.substring(l.indexOf("->") + 2).strip().split("\\s+")[0])
                .filter(p -> p.startsWith("dev.weft") && !p.equals("dev.weft.sim"))
                .collect(Collectors.toCollection(TreeSet::new));
    }

    @Test
    void theSimulationUsesOnlyThePackagesWeftCoreExportsToIt() throws Exception {
        Path coreClasses = codeSource(Weft.class);
        ModuleDescriptor core = ModuleFinder.of(coreClasses).find("dev.weft")
                .orElseThrow(() -> new AssertionError("no module dev.weft at " + coreClasses))
                .descriptor();
        Set<String> readable = core.exports().stream()
                .filter(e -> !e.isQualified() || e.targets().contains("dev.weft.sim"))
                .map(ModuleDescriptor.Exports::source)
                .collect(Collectors.toSet());

        Set<String> used = weftPackagesUsed(codeSource(SimRuntime.class), coreClasses);

        assertThat(used).as("jdeps found the simulation's use of weft-core").contains("dev.weft.future", "dev.weft.task.internal");
        assertThat(used).isSubsetOf(readable);
    }
}
