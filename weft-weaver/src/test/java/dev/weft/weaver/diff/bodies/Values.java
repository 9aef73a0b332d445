package dev.weft.weaver.diff.bodies;

import static dev.weft.Weft.await;

import dev.weft.Weft;
import dev.weft.future.Future;
import dev.weft.weaver.testkit.Probe;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.Callable;

/**
 * Values kept across awaits: every primitive type in locals and on the operand stack, many live
 * locals, compound assignments, ternaries and string concatenation. Each body {@code X} has a
 * blocking twin {@code XBlocking} with the same text.
 */
public final class Values {
    private Values() {}

    /** Ternaries with awaits in the condition and in either branch, nested. */
    public static Future<String> ternariesWithAwaitsInConditionAndBranches(Probe p) {
        return Weft.async(() -> {
            String out = "";
            for (int i = 0; i < 4; i++) {
                int v = await(p.later(i, 1)) % 2 == 0 ? await(p.ready(i * 10)) : -await(p.remote(i));
                String s = i > 1 ? (i > 2 ? await(p.ready("c")) : "b") : await(p.later("a", 1));
                boolean z = await(p.ready(i > 0)) && await(p.later(i < 3, 1));
                out += v + s + z + ",";
            }
            return out;
        });
    }

    public static Callable<String> ternariesWithAwaitsInConditionAndBranchesBlocking(Probe p) {
        return () -> {
            String out = "";
            for (int i = 0; i < 4; i++) {
                int v = await(p.later(i, 1)) % 2 == 0 ? await(p.ready(i * 10)) : -await(p.remote(i));
                String s = i > 1 ? (i > 2 ? await(p.ready("c")) : "b") : await(p.later("a", 1));
                boolean z = await(p.ready(i > 0)) && await(p.later(i < 3, 1));
                out += v + s + z + ",";
            }
            return out;
        };
    }

    /** String concatenation whose operands are awaits of every kind of value. */
    public static Future<String> stringConcatenationWithAwaits(Probe p) {
        return Weft.async(() -> {
            long l = 5;
            String s = "a" + await(p.later(1, 1)) + 'c' + l + await(p.remote(2.5)) + await(p.ready('z'))
                    + await(p.later(true, 1)) + await(p.ready(1.5f)) + await(p.remote(9L));
            s += await(p.ready("-tail")) + l;
            return s;
        });
    }

    public static Callable<String> stringConcatenationWithAwaitsBlocking(Probe p) {
        return () -> {
            long l = 5;
            String s = "a" + await(p.later(1, 1)) + 'c' + l + await(p.remote(2.5)) + await(p.ready('z'))
                    + await(p.later(true, 1)) + await(p.ready(1.5f)) + await(p.remote(9L));
            s += await(p.ready("-tail")) + l;
            return s;
        };
    }

    /** Compound assignments to locals, array elements and a field, each with an await on the right. */
    public static Future<String> compoundAssignmentsToLocalsArrayElementsAndFields(Probe p) {
        return Weft.async(() -> {
            int x = 1;
            x += await(p.later(2, 1));
            x *= await(p.ready(3));
            long l = 10;
            l -= await(p.remote(4L));
            l <<= await(p.ready(2));
            double d = 1.5;
            d /= await(p.later(0.5, 1));
            String s = "s";
            s += await(p.ready("t"));
            int[] arr = {1, 2, 3};
            arr[p.seen("index", 1)] += await(p.later(40, 1));
            arr[await(p.ready(2))] *= await(p.remote(5));
            long[] longs = {7L};
            longs[0] += await(p.ready(1L)) + longs[0];
            Counter c = new Counter();
            c.count += await(p.later(9, 1));
            counterOf(p, c).count -= await(p.ready(4));
            return x + " " + l + " " + d + " " + s + " " + Arrays.toString(arr) + " " + Arrays.toString(longs) + " " + c.count;
        });
    }

    public static Callable<String> compoundAssignmentsToLocalsArrayElementsAndFieldsBlocking(Probe p) {
        return () -> {
            int x = 1;
            x += await(p.later(2, 1));
            x *= await(p.ready(3));
            long l = 10;
            l -= await(p.remote(4L));
            l <<= await(p.ready(2));
            double d = 1.5;
            d /= await(p.later(0.5, 1));
            String s = "s";
            s += await(p.ready("t"));
            int[] arr = {1, 2, 3};
            arr[p.seen("index", 1)] += await(p.later(40, 1));
            arr[await(p.ready(2))] *= await(p.remote(5));
            long[] longs = {7L};
            longs[0] += await(p.ready(1L)) + longs[0];
            Counter c = new Counter();
            c.count += await(p.later(9, 1));
            counterOf(p, c).count -= await(p.ready(4));
            return x + " " + l + " " + d + " " + s + " " + Arrays.toString(arr) + " " + Arrays.toString(longs) + " " + c.count;
        };
    }

    /** Locals of every primitive type, written before an await and updated after it. */
    public static Future<String> primitiveLocalsLiveAcrossAwaits(Probe p) {
        return Weft.async(() -> {
            long l = 1L << 40;
            double d = Math.PI;
            float f = 1.25f;
            byte b = -7;
            char c = 'q';
            short s = 1234;
            boolean z = true;
            int i = 42;
            String before = "" + l + d + f + b + c + s + z + i;
            await(p.later("x", 2));
            l += await(p.remote(1L));
            d *= await(p.ready(2.0));
            f -= await(p.later(0.25f, 1));
            b ^= await(p.ready((byte) 3));
            c += await(p.ready((char) 1));
            s -= await(p.later((short) 34, 1));
            z &= await(p.remote(false)) || i > 0;
            i <<= await(p.ready(1));
            return before + " | " + l + d + f + b + c + s + z + i;
        });
    }

    public static Callable<String> primitiveLocalsLiveAcrossAwaitsBlocking(Probe p) {
        return () -> {
            long l = 1L << 40;
            double d = Math.PI;
            float f = 1.25f;
            byte b = -7;
            char c = 'q';
            short s = 1234;
            boolean z = true;
            int i = 42;
            String before = "" + l + d + f + b + c + s + z + i;
            await(p.later("x", 2));
            l += await(p.remote(1L));
            d *= await(p.ready(2.0));
            f -= await(p.later(0.25f, 1));
            b ^= await(p.ready((byte) 3));
            c += await(p.ready((char) 1));
            s -= await(p.later((short) 34, 1));
            z &= await(p.remote(false)) || i > 0;
            i <<= await(p.ready(1));
            return before + " | " + l + d + f + b + c + s + z + i;
        };
    }

    /** Primitive operands on the stack across an await: {@code long x = l + await(fl)} and friends. */
    public static Future<String> primitivesOnTheOperandStackAcrossAwaits(Probe p) {
        return Weft.async(() -> {
            long l = 3_000_000_000L;
            long x = l + await(p.later(7L, 1));
            double d = 0.1;
            double y = d * await(p.remote(3.0)) - d;
            float f = 2f;
            float q = f / await(p.ready(8f));
            int i = 5;
            int w = i * await(p.later(6, 1)) + i;
            boolean flag = i > 3 & await(p.ready(true));
            char ch = (char) ('a' + await(p.ready(2)));
            short sh = (short) (i - await(p.later((short) 2, 1)));
            byte by = (byte) (i + await(p.remote((byte) 120)));
            long mixed = l - (long) (d * await(p.ready(10.0))) + i * await(p.later(2L, 1));
            double deep = Math.pow(d + await(p.ready(1.0)), await(p.later(2.0, 1))) + l;
            return x + " " + y + " " + q + " " + w + " " + flag + " " + ch + " " + sh + " " + by + " " + mixed + " " + deep;
        });
    }

    public static Callable<String> primitivesOnTheOperandStackAcrossAwaitsBlocking(Probe p) {
        return () -> {
            long l = 3_000_000_000L;
            long x = l + await(p.later(7L, 1));
            double d = 0.1;
            double y = d * await(p.remote(3.0)) - d;
            float f = 2f;
            float q = f / await(p.ready(8f));
            int i = 5;
            int w = i * await(p.later(6, 1)) + i;
            boolean flag = i > 3 & await(p.ready(true));
            char ch = (char) ('a' + await(p.ready(2)));
            short sh = (short) (i - await(p.later((short) 2, 1)));
            byte by = (byte) (i + await(p.remote((byte) 120)));
            long mixed = l - (long) (d * await(p.ready(10.0))) + i * await(p.later(2L, 1));
            double deep = Math.pow(d + await(p.ready(1.0)), await(p.later(2.0, 1))) + l;
            return x + " " + y + " " + q + " " + w + " " + flag + " " + ch + " " + sh + " " + by + " " + mixed + " " + deep;
        };
    }

    /** Twenty-four live locals of mixed types across several awaits. */
    public static Future<String> manyLiveLocals(Probe p) {
        return Weft.async(() -> {
            int a0 = await(p.ready(0));
            long a1 = await(p.later(1L, 1));
            double a2 = await(p.remote(2.0));
            float a3 = await(p.ready(3f));
            String a4 = await(p.later("four", 1));
            boolean a5 = await(p.ready(true));
            char a6 = await(p.remote('6'));
            short a7 = await(p.ready((short) 7));
            byte a8 = await(p.later((byte) 8, 1));
            int a9 = a0 + 9;
            long a10 = a1 * 10;
            double a11 = a2 + 9;
            float a12 = a3 * 4;
            String a13 = a4 + "teen";
            boolean a14 = !a5;
            char a15 = (char) (a6 + 1);
            short a16 = (short) (a7 + 9);
            byte a17 = (byte) (a8 + 9);
            int a18 = await(p.later(18, 2));
            long a19 = await(p.remote(19L)) + a10;
            double a20 = await(p.ready(20.0)) + a11;
            float a21 = await(p.later(21f, 1)) + a12;
            String a22 = await(p.ready("twenty-two")) + a13;
            int a23 = await(p.remote(23)) + a9 + a18;
            p.log("halfway " + a23 + await(p.later(0, 1)));
            return "" + a0 + a1 + a2 + a3 + a4 + a5 + a6 + a7 + a8 + a9 + a10 + a11 + a12 + a13 + a14 + a15 + a16 + a17
                    + a18 + a19 + a20 + a21 + a22 + a23 + await(p.ready("."));
        });
    }

    public static Callable<String> manyLiveLocalsBlocking(Probe p) {
        return () -> {
            int a0 = await(p.ready(0));
            long a1 = await(p.later(1L, 1));
            double a2 = await(p.remote(2.0));
            float a3 = await(p.ready(3f));
            String a4 = await(p.later("four", 1));
            boolean a5 = await(p.ready(true));
            char a6 = await(p.remote('6'));
            short a7 = await(p.ready((short) 7));
            byte a8 = await(p.later((byte) 8, 1));
            int a9 = a0 + 9;
            long a10 = a1 * 10;
            double a11 = a2 + 9;
            float a12 = a3 * 4;
            String a13 = a4 + "teen";
            boolean a14 = !a5;
            char a15 = (char) (a6 + 1);
            short a16 = (short) (a7 + 9);
            byte a17 = (byte) (a8 + 9);
            int a18 = await(p.later(18, 2));
            long a19 = await(p.remote(19L)) + a10;
            double a20 = await(p.ready(20.0)) + a11;
            float a21 = await(p.later(21f, 1)) + a12;
            String a22 = await(p.ready("twenty-two")) + a13;
            int a23 = await(p.remote(23)) + a9 + a18;
            p.log("halfway " + a23 + await(p.later(0, 1)));
            return "" + a0 + a1 + a2 + a3 + a4 + a5 + a6 + a7 + a8 + a9 + a10 + a11 + a12 + a13 + a14 + a15 + a16 + a17
                    + a18 + a19 + a20 + a21 + a22 + a23 + await(p.ready("."));
        };
    }

    /** Increments in the arguments of awaited futures and around them. */
    public static Future<String> incrementsAroundAwaits(Probe p) {
        return Weft.async(() -> {
            int i = 0;
            int a = await(p.ready(i++)) + i++ + await(p.later(++i, 1));
            long n = 5;
            long b = n-- - await(p.remote(--n)) + n;
            return i + " " + a + " " + n + " " + b;
        });
    }

    public static Callable<String> incrementsAroundAwaitsBlocking(Probe p) {
        return () -> {
            int i = 0;
            int a = await(p.ready(i++)) + i++ + await(p.later(++i, 1));
            long n = 5;
            long b = n-- - await(p.remote(--n)) + n;
            return i + " " + a + " " + n + " " + b;
        };
    }

    /** Null locals, and nulls on the operand stack, across awaits: the verifier's null type names no class. */
    public static Future<String> nullLocalsAndOperandsAcrossAwaits(Probe p) {
        return Weft.async(() -> {
            String s = null;
            Object o = null;
            Integer boxed = null;
            int[] ints = null;
            p.log("before " + await(p.later(1, 1)));
            String joined = concat(null, await(p.ready("mid")), null);
            String t = await(p.<String>ready(null));
            return s + " " + o + " " + boxed + " " + (ints == null) + " " + joined + " " + t + " "
                    + Objects.toString(null, await(p.remote("default")));
        });
    }

    public static Callable<String> nullLocalsAndOperandsAcrossAwaitsBlocking(Probe p) {
        return () -> {
            String s = null;
            Object o = null;
            Integer boxed = null;
            int[] ints = null;
            p.log("before " + await(p.later(1, 1)));
            String joined = concat(null, await(p.ready("mid")), null);
            String t = await(p.<String>ready(null));
            return s + " " + o + " " + boxed + " " + (ints == null) + " " + joined + " " + t + " "
                    + Objects.toString(null, await(p.remote("default")));
        };
    }

    /** Locals whose type at the await merges two classes: Number, CharSequence, arrays, List, Comparable. */
    public static Future<String> mergedReferenceTypesAcrossAwaits(Probe p) {
        return Weft.async(() -> {
            String out = "";
            for (int i = 0; i < 2; i++) {
                boolean even = await(p.ready(i % 2 == 0));
                Number n = even ? Integer.valueOf(i) : Long.valueOf(i);
                CharSequence cs = even ? "str" + i : new StringBuilder("sb").append(i);
                Object[] arr = even ? new String[] {"s"} : new Integer[] {i};
                List<Integer> list = even ? new ArrayList<>(List.of(i)) : new LinkedList<>(List.of(i, i));
                Comparable<?> cmp = even ? "c" : Integer.valueOf(i);
                p.log("await " + await(p.later(i, 1)));
                out += n.intValue() + ":" + cs.length() + ":" + arr.length + arr[0] + ":" + list.size() + list.get(0) + ":" + cmp + ";";
            }
            return out;
        });
    }

    public static Callable<String> mergedReferenceTypesAcrossAwaitsBlocking(Probe p) {
        return () -> {
            String out = "";
            for (int i = 0; i < 2; i++) {
                boolean even = await(p.ready(i % 2 == 0));
                Number n = even ? Integer.valueOf(i) : Long.valueOf(i);
                CharSequence cs = even ? "str" + i : new StringBuilder("sb").append(i);
                Object[] arr = even ? new String[] {"s"} : new Integer[] {i};
                List<Integer> list = even ? new ArrayList<>(List.of(i)) : new LinkedList<>(List.of(i, i));
                Comparable<?> cmp = even ? "c" : Integer.valueOf(i);
                p.log("await " + await(p.later(i, 1)));
                out += n.intValue() + ":" + cs.length() + ":" + arr.length + arr[0] + ":" + list.size() + list.get(0) + ":" + cmp + ";";
            }
            return out;
        };
    }

    private static String concat(Object a, Object b, Object c) {
        return a + "/" + b + "/" + c;
    }

    private static Counter counterOf(Probe p, Counter c) {
        p.log("counterOf " + c.count);
        return c;
    }

    /** A mutable field to compound-assign. */
    private static final class Counter {
        int count = 1;
    }
}
