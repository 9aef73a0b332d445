package dev.weft.examples.redis.store;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

/**
 * The list commands over a {@link Keyspace}: LPUSH/RPUSH, LPOP/RPOP, LRANGE, LLEN. A list is an
 * {@code ArrayDeque<byte[]>}; one emptied by a pop is removed, as in Redis.
 *
 * {@snippet :
 * ListOps lists = new ListOps(keyspace);
 * Key k = Key.of("l".getBytes());
 * lists.push(k, new byte[][] {"a".getBytes(), "b".getBytes()}, 0, false); // RPUSH l a b: 2
 * List<byte[]> all = lists.range(k, 0, -1);                               // [a, b]
 * }
 */
public final class ListOps {
    private final Keyspace keyspace;

    /** @param keyspace the keys these commands work on */
    public ListOps(Keyspace keyspace) {
        this.keyspace = keyspace;
    }

    /**
     * Pushes {@code values[from..]} one after the other, each at the head ({@code left}) or the tail.
     *
     * @param key the key
     * @param values the values (not copied)
     * @param from the first value to push
     * @param left LPUSH rather than RPUSH
     * @return the list's length afterwards
     * @throws RedisError WRONGTYPE if the key holds another type
     */
    @SuppressWarnings("unchecked") // the entry's value is an ArrayDeque<byte[]> after the type check
    public long push(Key key, byte[][] values, int from, boolean left) {
        Shard s = keyspace.shard(key);
        synchronized (s) {
            ArrayDeque<byte[]> list = s.valueOrCreate(key, ArrayDeque.class, ArrayDeque::new);
            for (int i = from; i < values.length; i++) {
                if (left) list.addFirst(values[i]);
                else list.addLast(values[i]);
            }
            return list.size();
        }
    }

    /**
     * Pops up to {@code count} values from the head ({@code left}) or the tail.
     *
     * @param key the key
     * @param left LPOP rather than RPOP
     * @param count the most to pop, at least 0
     * @return the values popped, or {@code null} if the key does not exist
     * @throws RedisError WRONGTYPE if the key holds another type
     */
    @SuppressWarnings("unchecked") // the entry's value is an ArrayDeque<byte[]> after the type check
    public List<byte[]> pop(Key key, boolean left, long count) {
        Shard s = keyspace.shard(key);
        synchronized (s) {
            ArrayDeque<byte[]> list = s.value(key, ArrayDeque.class);
            if (list == null) return null;
            int n = (int) Math.min(count, list.size());
            List<byte[]> out = new ArrayList<>(n);
            for (int i = 0; i < n; i++) out.add(left ? list.pollFirst() : list.pollLast());
            if (list.isEmpty()) s.map.remove(key);
            return out;
        }
    }

    /**
     * The values from index {@code start} to {@code stop}, both included; negative indexes count
     * from the tail (-1 is the last), as LRANGE's do.
     *
     * @param key the key
     * @param start the first index
     * @param stop the last index
     * @return the values (empty if the key does not exist or the range is empty)
     * @throws RedisError WRONGTYPE if the key holds another type
     */
    @SuppressWarnings("unchecked") // the entry's value is an ArrayDeque<byte[]> after the type check
    public List<byte[]> range(Key key, long start, long stop) {
        Shard s = keyspace.shard(key);
        synchronized (s) {
            ArrayDeque<byte[]> list = s.value(key, ArrayDeque.class);
            if (list == null) return List.of();
            long size = list.size();
            if (start < 0) start = Math.max(0, size + start);
            if (stop < 0) stop = size + stop;
            stop = Math.min(stop, size - 1);
            if (start > stop) return List.of();
            List<byte[]> out = new ArrayList<>((int) (stop - start + 1));
            Iterator<byte[]> it = list.iterator();
            for (long i = 0; i <= stop; i++) {
                byte[] v = it.next();
                if (i >= start) out.add(v);
            }
            return out;
        }
    }

    /**
     * @param key the key
     * @return the list's length, 0 if the key does not exist
     * @throws RedisError WRONGTYPE if the key holds another type
     */
    public long length(Key key) {
        Shard s = keyspace.shard(key);
        synchronized (s) {
            ArrayDeque<?> list = s.value(key, ArrayDeque.class);
            return list == null ? 0 : list.size();
        }
    }
}
