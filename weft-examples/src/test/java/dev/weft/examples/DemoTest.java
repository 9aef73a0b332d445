package dev.weft.examples;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.coro.WovenFuture;
import dev.weft.exec.WeftRuntime;
import dev.weft.future.Future;
import dev.weft.sync.Channel;
import dev.weft.task.Task;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

class DemoTest {

    @Test
    @Timeout(60)
    void wovenSectionPrintsTheResultAndTheExpansionOfFetch() {
        try (WeftRuntime rt = WeftRuntime.builder().workers(2).build()) {
            List<String> lines = Demo.wovenFetch(rt);
            assertThat(lines.get(0)).isEqualTo("  -> fetch() = 41, ran as a WovenFuture: true");
            assertThat(lines.get(1)).isEqualTo("  -> Expander.expand(Demo.class, \"fetch\"):");
            assertThat(lines.get(2)).isEqualTo("     // woven from dev.weft.examples.Demo.lambda$fetch$0 (Demo.java)");
            assertThat(lines.get(3)).startsWith("     final class Demo$fetch$0 extends WovenFuture<Integer> {");
            assertThat(lines).anyMatch(l -> l.endsWith("poll(Context cx) {   // 3 states"));
        }
    }

    @Test
    @Timeout(60)
    void theWovenConsumerSumsEveryMessageUntilTheChannelIsClosed() {
        try (WeftRuntime rt = WeftRuntime.builder().workers(2).build()) {
            Channel<Integer> ch = Channel.bounded(1);
            Future<Integer> summing = Demo.summing(ch);
            assertThat(summing).isInstanceOf(WovenFuture.class);
            Task<Integer> consumer = rt.spawn(summing);
            Task<Object> producer = rt.spawn(dev.weft.Weft.async(() -> {
                for (int i = 1; i <= 1000; i++) dev.weft.Weft.await(ch.sender().send(i));
                ch.sender().close();
                return null;
            }));
            assertThat(rt.blockOn(consumer)).isEqualTo(500_500); // a consumer that stopped early sums less
            assertThat(rt.blockOn(producer)).isNull();
        }
    }
}
