package dev.weft.bench.workload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** What the runner prints and runs in which order, without running a workload. */
class RunnerTest {

    @Test
    void optionsDefaultToFiveFullRunsOfEveryWorkloadWithNoPlotAndNoRawFile() {
        RunnerOptions o = RunnerOptions.parse();
        assertThat(o.quick()).isFalse();
        assertThat(o.runs()).isEqualTo(5);
        assertThat(o.warmups()).isEqualTo(-1); // the workloads' own: WORKLOADS.md's one pass
        assertThat(o.plot()).isNull();
        assertThat(o.raw()).isNull();
        assertThat(o.aotCache()).isNull();
        assertThat(o.ids()).isEmpty();
    }

    @Test
    void optionsAndWorkloadIdsMayComeInAnyOrder() {
        RunnerOptions o = RunnerOptions.parse("W3", "--raw", "out/runs.txt", "--quick", "W1", "--runs", "3", "--plot", "figs",
                "--warmups", "20", "--aot-cache", "target/bench-runner.aot");
        assertThat(o.quick()).isTrue();
        assertThat(o.aotCache()).isEqualTo(Path.of("target/bench-runner.aot"));
        assertThat(o.runs()).isEqualTo(3);
        assertThat(o.warmups()).isEqualTo(20);
        assertThat(o.raw()).isEqualTo(Path.of("out/runs.txt"));
        assertThat(o.plot()).isEqualTo(Path.of("figs"));
        assertThat(o.ids()).containsExactly("W3", "W1");
    }

    @Test
    void anOptionWithoutItsValueOrAnUnknownOptionOrNoRunsIsRefused() {
        assertThatThrownBy(() -> RunnerOptions.parse("--raw")).hasMessage("--raw needs a file");
        assertThatThrownBy(() -> RunnerOptions.parse("--raw", "--quick")).hasMessage("--raw needs a file");
        assertThatThrownBy(() -> RunnerOptions.parse("W1", "--plot")).hasMessage("--plot needs a directory");
        assertThatThrownBy(() -> RunnerOptions.parse("--runs", "five")).hasMessage("--runs needs a count, got five");
        assertThatThrownBy(() -> RunnerOptions.parse("--runs", "0")).hasMessage("--runs needs a count of 1 or more, got 0");
        assertThatThrownBy(() -> RunnerOptions.parse("--warmups")).hasMessage("--warmups needs a count");
        assertThatThrownBy(() -> RunnerOptions.parse("--warmups", "x")).hasMessage("--warmups needs a count, got x");
        assertThatThrownBy(() -> RunnerOptions.parse("--warmups", "-1")).hasMessage("--warmups needs a count of 0 or more, got -1");
        assertThatThrownBy(() -> RunnerOptions.parse("--rounds", "3")).hasMessage("unknown option --rounds");
    }

    @Test
    void theOrderRotatesByOneEachRoundSoEveryImplementationRunsFirstAsOftenAsAnother() {
        List<String> impls = List.of("weft", "vthreads", "cf-fjp");
        assertThat(Runner.order(impls, 1)).containsExactly("weft", "vthreads", "cf-fjp");
        assertThat(Runner.order(impls, 2)).containsExactly("vthreads", "cf-fjp", "weft");
        assertThat(Runner.order(impls, 3)).containsExactly("cf-fjp", "weft", "vthreads");
        assertThat(Runner.order(impls, 4)).containsExactly("weft", "vthreads", "cf-fjp");
        Map<String, Integer> first = new HashMap<>();
        for (int round = 1; round <= 30; round++) first.merge(Runner.order(impls, round).getFirst(), 1, Integer::sum);
        assertThat(first).containsOnly(Map.entry("weft", 10), Map.entry("vthreads", 10), Map.entry("cf-fjp", 10));
    }

    @Test
    void theMedianRunIsTheMiddleOneByValueAndTheLowerMiddleForAnEvenCount() {
        assertThat(Runner.medianRun(List.of(5.0, 1.0, 3.0))).isEqualTo(2);
        assertThat(Runner.medianRun(List.of(5.0, 1.0, 3.0, 4.0))).isEqualTo(2);
        assertThat(Runner.medianRun(List.of(7.0))).isZero();
    }

    @Test
    void theSummaryPrintsTheMedianRunsExtrasAndTheMedianCpuOverAllRunsNotTheLastRunsFigures() {
        List<ChildResult> runs = List.of(
                new ChildResult("300.0", "round-trips/s", "p50_us=30,p99_us=90,cpu_ns_per_op=9.0"),
                new ChildResult("100.0", "round-trips/s", "p50_us=10,p99_us=70,cpu_ns_per_op=1.0"),
                new ChildResult("200.0", "round-trips/s", "p50_us=20,p99_us=80,cpu_ns_per_op=4.0"),
                new ChildResult("500.0", "round-trips/s", "p50_us=50,p99_us=95,cpu_ns_per_op=2.0"),
                new ChildResult("400.0", "round-trips/s", "p50_us=40,p99_us=99,cpu_ns_per_op=3.0"));
        assertThat(Runner.summary("W6", "weft", runs)).isEqualTo("RESULT impl=weft workload=W6 value=300.0 unit=round-trips/s "
                + "extra=min=100.0,max=500.0,n=5,cpu_ns_per_op=3.0,p50_us=30,p99_us=90");
    }

    @Test
    void aSummaryOfRunsWithoutCpuOrExtrasHasOnlyTheSpread() {
        List<ChildResult> runs = List.of(new ChildResult("2.0", "ms", ""), new ChildResult("1.0", "ms", ""));
        assertThat(Runner.summary("W4", "vthreads", runs))
                .isEqualTo("RESULT impl=vthreads workload=W4 value=1.5 unit=ms extra=min=1.0,max=2.0,n=2");
    }

    @Test
    void aChildsResultLineGivesItsValueUnitExtrasAndCpuPerOperation() {
        ChildResult r = ChildResult.parse("RESULT impl=weft workload=W3 value=812345.6 unit=roundtrips/s "
                + "extra=pairs=1000,rounds=1000,ms=1231,cpu_ns_per_op=2301.4");
        assertThat(r).isEqualTo(new ChildResult("812345.6", "roundtrips/s", "pairs=1000,rounds=1000,ms=1231,cpu_ns_per_op=2301.4"));
        assertThat(r.cpuPerOp()).isEqualTo(2301.4);
        assertThat(r.extraWithoutCpu()).isEqualTo("pairs=1000,rounds=1000,ms=1231");
        assertThat(ChildResult.parse("RESULT impl=tokio workload=W1 value=1.0 unit=tasks/s").cpuPerOp()).isNaN();
        assertThatThrownBy(() -> ChildResult.parse("RESULT impl=weft workload=W1")).hasMessageContaining("no value");
    }

    private static final Pattern RAW = Pattern.compile(
            "RAW workload=(\\S+) impl=(\\S+) round=(\\d+) slot=(\\d+) status=ok value=(\\S+) unit=(\\S+) cpu_ns_per_op=(\\S+) extra=(\\S*)");

    @Test
    void aRawLineHoldsOneRunsFieldsInAFixedOrderThatOneRegexReadsBack() {
        ChildResult r = new ChildResult("812345.6", "roundtrips/s", "pairs=1000,cpu_ns_per_op=2301.4");
        String line = new RawLine("W3", "weft-woven", 2, 3, r, 0).format();
        assertThat(line).isEqualTo("RAW workload=W3 impl=weft-woven round=2 slot=3 status=ok value=812345.6 "
                + "unit=roundtrips/s cpu_ns_per_op=2301.4 extra=pairs=1000,cpu_ns_per_op=2301.4");
        Matcher m = RAW.matcher(line);
        assertThat(m.matches()).isTrue();
        assertThat(List.of(m.group(1), m.group(2), m.group(3), m.group(4), m.group(5), m.group(6), m.group(7)))
                .containsExactly("W3", "weft-woven", "2", "3", "812345.6", "roundtrips/s", "2301.4");
    }

    @Test
    void aRawLineOfARunWithoutCpuSaysNanAndAFailedRunGivesItsExitCode() {
        assertThat(new RawLine("W1", "tokio", 1, 1, new ChildResult("5.0", "tasks/s", ""), 0).format())
                .isEqualTo("RAW workload=W1 impl=tokio round=1 slot=1 status=ok value=5.0 unit=tasks/s cpu_ns_per_op=nan extra=");
        assertThat(new RawLine("W1", "vthreads", 4, 2, null, 137).format())
                .isEqualTo("RAW workload=W1 impl=vthreads round=4 slot=2 status=failed exit=137");
    }
}
