package dev.weft.examples.redis.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class KeyspaceTest {
    private final AtomicLong clock = new AtomicLong(1_000_000);
    private final List<String> scheduled = new ArrayList<>();
    private final Keyspace ks = new Keyspace(64, clock::get, (keyspace, key, delay) -> scheduled.add(key + "@" + delay));
    private final StringOps strings = new StringOps(ks);

    private static Key key(String s) {
        return Key.of(s.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void keysSpreadEvenlyOverTheShards() {
        int[] perShard = new int[64];
        for (int i = 0; i < 64_000; i++) perShard[key("key:" + i).shard(6)]++;
        for (int n : perShard) assertThat(n).isBetween(700, 1300);
    }

    /** Regression: shards picked by HashMap's own low bits left each shard's map using 1/64 of its buckets. */
    @Test
    void keysOfOneShardDoNotShareTheLowBitsTheirShardsMapIndexesBy() {
        Set<Integer> lowBits = new HashSet<>();
        for (int i = 0; i < 10_000; i++) {
            Key k = key("key:" + i);
            if (k.shard(6) != 0) continue;
            int h = k.hashCode();
            lowBits.add((h ^ (h >>> 16)) & 63); // HashMap's bucket index in a table of 64
        }
        assertThat(lowBits).hasSizeGreaterThan(16); // with the bug: exactly 1
    }

    @Test
    void anExpiredKeyIsGoneOnItsNextReadBeforeAnyTimerRuns() {
        strings.set(key("k"), "v".getBytes(StandardCharsets.UTF_8), clock.get() + 100, StringOps.Condition.ALWAYS, false);
        assertThat(scheduled).containsExactly("k@100");
        assertThat(ks.pttl(key("k"))).isEqualTo(100);
        clock.addAndGet(100);
        assertThat(strings.get(key("k"))).isNull();
        assertThat(ks.size()).isZero();
    }

    @Test
    void theTimerCallBackRemovesOnlyADueKey() {
        ks.expireAt(key("missing"), clock.get() + 5);
        strings.set(key("k"), new byte[0], 0, StringOps.Condition.ALWAYS, false);
        assertThat(ks.expireAt(key("k"), clock.get() + 50)).isTrue();
        assertThat(ks.expireIfDue(key("k"))).isFalse();
        clock.addAndGet(50);
        assertThat(ks.expireIfDue(key("k"))).isTrue();
        assertThat(ks.exists(key("k"))).isFalse();
    }

    @Test
    void aCommandOnAKeyOfAnotherTypeIsWrongType() {
        new ListOps(ks).push(key("l"), new byte[][] {{'a'}}, 0, true);
        assertThatThrownBy(() -> strings.get(key("l"))).isSameAs(RedisError.WRONG_TYPE);
        assertThatThrownBy(() -> new SetOps(ks).add(key("l"), new byte[][] {{'a'}}, 0)).isSameAs(RedisError.WRONG_TYPE);
        assertThatThrownBy(() -> new HashOps(ks).get(key("l"), new byte[] {'f'})).isSameAs(RedisError.WRONG_TYPE);
    }

    @Test
    void incrementsPastTheLongRangeOverflowAndLeaveTheValue() {
        strings.set(key("n"), Numbers.toBytes(Long.MAX_VALUE), 0, StringOps.Condition.ALWAYS, false);
        assertThatThrownBy(() -> strings.incrBy(key("n"), 1)).isSameAs(RedisError.OVERFLOW);
        assertThat(strings.get(key("n"))).isEqualTo(Numbers.toBytes(Long.MAX_VALUE));
    }

    @Test
    void onlyExactDecimalFormsAreIntegers() {
        assertThat(Numbers.parseLong(Numbers.toBytes(Long.MIN_VALUE))).isEqualTo(Long.MIN_VALUE);
        assertThat(Numbers.parseLong("-42".getBytes(StandardCharsets.US_ASCII))).isEqualTo(-42);
        for (String bad : List.of("", "-", "+1", " 1", "01", "-0", "1.0", "9223372036854775808", "-9223372036854775809", "x")) {
            assertThatThrownBy(() -> Numbers.parseLong(bad.getBytes(StandardCharsets.US_ASCII))).as(bad).isSameAs(RedisError.NOT_INTEGER);
        }
    }

    @Test
    void emptiedListsAndSetsAreRemoved() {
        ListOps lists = new ListOps(ks);
        lists.push(key("l"), new byte[][] {{'a'}, {'b'}}, 0, false);
        assertThat(lists.pop(key("l"), true, 5)).hasSize(2);
        SetOps sets = new SetOps(ks);
        sets.add(key("s"), new byte[][] {{'a'}}, 0);
        assertThat(sets.remove(key("s"), new byte[][] {{'a'}}, 0)).isEqualTo(1);
        assertThat(ks.size()).isZero();
    }
}
