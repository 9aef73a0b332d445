package dev.weft.test;

import dev.weft.coro.Coroutine;
import dev.weft.coro.Mechanism;
import dev.weft.sim.SimClock;
import dev.weft.sim.SimNet;
import dev.weft.sim.SimRuntime;
import dev.weft.sim.SimulationException;
import java.lang.reflect.Method;
import java.lang.reflect.UndeclaredThrowableException;
import java.time.Duration;
import java.util.List;
import java.util.stream.LongStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.Extension;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.InvocationInterceptor;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;
import org.junit.jupiter.api.extension.ReflectiveInvocationContext;
import org.junit.jupiter.api.extension.TestExecutionExceptionHandler;
import org.junit.jupiter.api.extension.TestTemplateInvocationContext;
import org.junit.jupiter.api.extension.TestTemplateInvocationContextProvider;

/**
 * The extension behind {@link WeftTest} and {@link WeftSim}: provides one invocation per seed
 * ({@code @WeftSim}), injects the invocation's simulation, runs the test method's body as the
 * simulation's root coroutine, compares trace hashes of a determinism check, and attaches the seed
 * to replay to a failure.
 *
 * <p>Per invocation, its {@link ExtensionContext.Store} (namespace of this class) holds the
 * {@link SimPlan} (put by the invocation's {@link PlanInstaller} for {@code @WeftSim}, made from
 * the properties for {@code @WeftTest}) and the {@link SimRun}; the template's store holds the
 * trace hash of each seed's first run while a determinism check is on. JUnit creates one instance
 * of this class per registration; it keeps no state of its own.
 *
 * {@snippet :
 * @WeftTest                 // @ExtendWith(SimExtension.class) comes with it
 * void sleepsInVirtualTime(SimClock clock) {
 *     await(Time.sleep(Duration.ofDays(1)));
 * }
 * }
 */
final class SimExtension implements InvocationInterceptor, ParameterResolver, TestExecutionExceptionHandler,
        TestTemplateInvocationContextProvider {
    private static final ExtensionContext.Namespace NS = ExtensionContext.Namespace.create(SimExtension.class);
    private static final String PLAN = "plan";
    private static final String RUN = "run";

    // ---- @WeftSim: one invocation per seed -----------------------------------------------------

    @Override
    public boolean supportsTestTemplate(ExtensionContext context) {
        return context.getTestMethod().map(m -> m.isAnnotationPresent(WeftSim.class)).orElse(false);
    }

    @Override
    public Stream<TestTemplateInvocationContext> provideTestTemplateInvocationContexts(ExtensionContext context) {
        WeftSim a = context.getRequiredTestMethod().getAnnotation(WeftSim.class);
        boolean check = a.checkDeterminism() || Boolean.getBoolean("weft.sim.checkDeterminism");
        Duration limit = Duration.ofSeconds(a.realTimeLimitSeconds());
        return seeds(a).boxed().flatMap(seed -> {
            SimPlan first = new SimPlan(seed, a.spuriousWakeRate(), a.heldWakeRate(), limit, false, a.failOnUncaught());
            if (!check) return Stream.of(invocation(first));
            SimPlan again = new SimPlan(seed, a.spuriousWakeRate(), a.heldWakeRate(), limit, true, a.failOnUncaught());
            return Stream.of(invocation(first), invocation(again));
        });
    }

    /** @return the seeds to run: {@code -Dweft.sim.seed} alone, else {@code seeds} (or {@code -Dweft.sim.seeds}) from the first */
    static LongStream seeds(WeftSim a) {
        String one = System.getProperty("weft.sim.seed");
        if (one != null && !one.isBlank()) return LongStream.of(Long.parseLong(one.trim()));
        String many = System.getProperty("weft.sim.seeds");
        long n = many != null && !many.isBlank() ? Long.parseLong(many.trim()) : a.seeds();
        if (n < 1) throw new ExtensionConfigurationException("@WeftSim needs at least one seed, got " + n);
        return LongStream.range(a.firstSeed(), a.firstSeed() + n);
    }

    private static TestTemplateInvocationContext invocation(SimPlan plan) {
        return new TestTemplateInvocationContext() {
            @Override
            public String getDisplayName(int invocationIndex) {
                return "seed=" + plan.seed() + (plan.repeat() ? " (again, to compare trace hashes)" : "");
            }

            @Override
            public List<Extension> getAdditionalExtensions() {
                return List.of(new PlanInstaller(plan));
            }
        };
    }

    /** Puts an invocation's plan in its store before anything of the invocation asks for the simulation. */
    private record PlanInstaller(SimPlan plan) implements BeforeEachCallback {
        @Override
        public void beforeEach(ExtensionContext context) {
            context.getStore(NS).put(PLAN, plan);
        }
    }

    // ---- injection -----------------------------------------------------------------------------

    @Override
    public boolean supportsParameter(ParameterContext pc, ExtensionContext ec) {
        if (!(pc.getDeclaringExecutable() instanceof Method)) return false; // not constructors
        Class<?> t = pc.getParameter().getType();
        return t == SimRuntime.class || t == SimClock.class || t == SimNet.class;
    }

    @Override
    public Object resolveParameter(ParameterContext pc, ExtensionContext ec) {
        SimRuntime sim = run(ec).sim();
        Class<?> t = pc.getParameter().getType();
        if (t == SimClock.class) return sim.clock();
        if (t == SimNet.class) return sim.net();
        return sim;
    }

    // ---- the body in the simulation --------------------------------------------------------------

    @Override
    public void interceptTestMethod(Invocation<Void> invocation, ReflectiveInvocationContext<Method> ic,
            ExtensionContext ec) throws Throwable {
        runInSimulation(invocation, ec);
    }

    @Override
    public void interceptTestTemplateMethod(Invocation<Void> invocation, ReflectiveInvocationContext<Method> ic,
            ExtensionContext ec) throws Throwable {
        runInSimulation(invocation, ec);
    }

    private static void runInSimulation(Invocation<Void> invocation, ExtensionContext ec) throws Throwable {
        if (Coroutine.mechanism() != Mechanism.SUSPENDING) {
            throw new ExtensionConfigurationException("@WeftTest and @WeftSim run the test body as a suspending "
                    + "coroutine, which needs the JVM flag --add-opens java.base/java.lang=ALL-UNNAMED; "
                    + "add it to the test JVM (surefire's argLine)");
        }
        SimRun run = run(ec);
        Throwable failure = null;
        try {
            run.sim().run(Coroutine.async(() -> {
                proceed(invocation);
                return null;
            }));
        } catch (Throwable e) {
            failure = e;
        } finally {
            run.finish();
        }
        if (run.plan().repeat()) compareWithFirstRun(run, ec, failure);
        if (failure != null) throw failure;
        if (!run.plan().repeat()) rememberForRepeat(run, ec);
    }

    private static void proceed(Invocation<Void> invocation) throws Exception {
        try {
            invocation.proceed();
        } catch (Exception | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new UndeclaredThrowableException(t);
        }
    }

    private static void rememberForRepeat(SimRun run, ExtensionContext ec) {
        ec.getParent().ifPresent(p -> p.getStore(NS).put(hashKey(run.plan().seed()), run.traceHash()));
    }

    private static void compareWithFirstRun(SimRun run, ExtensionContext ec, Throwable failure) {
        long seed = run.plan().seed();
        Long first = ec.getParent().map(p -> p.getStore(NS).get(hashKey(seed), Long.class)).orElse(null);
        if (first == null) {
            if (failure == null) throw new SimulationException(seed, "the first run of this seed failed or did not run", null);
            return;
        }
        if (first != run.traceHash()) {
            SimulationException e = new SimulationException(seed, "not deterministic: the same seed gave trace hashes "
                    + Long.toHexString(first) + " and " + Long.toHexString(run.traceHash())
                    + " (something outside the simulation decided an order: a real thread, clock or random source?)",
                    null);
            if (failure != null) e.addSuppressed(failure);
            throw e;
        }
    }

    private static String hashKey(long seed) {
        return "hash:" + seed;
    }

    private static SimRun run(ExtensionContext ec) {
        ExtensionContext.Store store = ec.getStore(NS);
        return store.getOrComputeIfAbsent(RUN, k -> new SimRun(plan(ec)), SimRun.class);
    }

    private static SimPlan plan(ExtensionContext ec) {
        SimPlan p = ec.getStore(NS).get(PLAN, SimPlan.class);
        if (p != null) return p;
        Method m = ec.getRequiredTestMethod();
        WeftTest a = m.getAnnotation(WeftTest.class);
        if (a == null) {
            throw new ExtensionConfigurationException(m + ": the simulation extension serves @WeftTest and @WeftSim methods");
        }
        return new SimPlan(SimRuntime.seedProperty(0), 0, 0, Duration.ofSeconds(a.realTimeLimitSeconds()), false, true);
    }

    // ---- failures ------------------------------------------------------------------------------

    @Override
    public void handleTestExecutionException(ExtensionContext ec, Throwable failure) throws Throwable {
        SimRun run = ec.getStore(NS).get(RUN, SimRun.class);
        if (run == null) throw failure;
        for (Throwable s : failure.getSuppressed()) {
            if (s instanceof SeedReplay) throw failure;
        }
        SeedReplay replay = new SeedReplay(run.plan().seed(), run.traceHash(), run.elapsed());
        failure.addSuppressed(replay);
        System.err.println(ec.getDisplayName() + " of " + ec.getRequiredTestMethod().getName() + ": "
                + replay.getMessage());
        ec.publishReportEntry("weft.sim.seed", Long.toString(run.plan().seed()));
        throw failure;
    }
}
