package dev.weft.io.codec;

import dev.weft.future.AsyncStream;
import dev.weft.io.AsyncRead;
import dev.weft.io.InvalidDataException;
import dev.weft.io.LimitExceededException;
import java.io.EOFException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Objects;
import java.util.Random;

/**
 * Random inputs in random chunks through a decoder, each checked against a reference splitter:
 * the decoder yields the reference's frames, fails where the reference fails with the same one of
 * the documented exceptions, throws nothing else, and never holds more than its bound undecoded.
 * Deterministic: one seeded {@link Random} makes every case, and a failure names the seed, the
 * case, the input and the chunks.
 *
 * <p>Each case runs twice: through the stream under test (a {@link FramedReader}, or any stream
 * over an {@link AsyncRead}) fed by a {@link ScriptedReader} that answers pending between chunks;
 * and, for a decoder, by hand, with every chunk appended to one unbounded buffer, so a decoder that
 * forgets its limit shows by what it leaves buffered.
 */
final class FuzzHarness {
    /** The exceptions a decoder may end with: anything else is a bug. */
    static final List<Class<? extends Exception>> DOCUMENTED =
            List.of(LimitExceededException.class, InvalidDataException.class, EOFException.class);

    /**
     * What a reference splitter expects of an input.
     *
     * @param frames the frames before the end or the error
     * @param error the documented exception the input ends with, or {@code null} for a clean end
     */
    record Expected(List<Object> frames, Class<? extends Exception> error) {}

    /** A decoder under test, made anew per case (decoders keep state), with its reference. */
    interface Subject {
        /** @return a limit for one case */
        int randomLimit(Random random);

        /** @return an input for one case */
        byte[] randomInput(Random random, int limit);

        /** @return what the input must give */
        Expected reference(byte[] input, int limit);

        /** @return the decoder to drive by hand, or {@code null} if the subject has none */
        Decoder<?> decoder(int limit);

        /** @return the stream under test over {@code in} */
        AsyncStream<?> stream(AsyncRead in, int limit);
    }

    private FuzzHarness() {}

    /**
     * Runs {@code cases} cases of {@code subject}.
     *
     * @throws AssertionError naming the first case that fails
     */
    static void run(String name, Subject subject, long seed, int cases) {
        Random random = new Random(seed);
        for (int c = 0; c < cases; c++) {
            int limit = subject.randomLimit(random);
            byte[] input = subject.randomInput(random, limit);
            int[] chunks = randomChunks(random, input.length);
            Expected expected = subject.reference(input, limit);
            String what = name + ", seed " + seed + ", case " + c + ", limit " + limit + ", input "
                    + HexFormat.ofDelimiter(" ").formatHex(input) + ", chunks " + java.util.Arrays.toString(chunks);
            check(what + " (stream)", expected, Drained.of(subject.stream(new ScriptedReader(input, chunks), limit)));
            Decoder<?> decoder = subject.decoder(limit);
            if (decoder != null) check(what + " (by hand)", expected, byHand(decoder, input, chunks, what));
        }
    }

    private static void check(String what, Expected expected, Drained<?> got) {
        if (got.error() != null && DOCUMENTED.stream().noneMatch(k -> k.isInstance(got.error()))) {
            throw new AssertionError(what + ": threw an undocumented " + got.error(), got.error());
        }
        if (!Objects.deepEquals(expected.frames().toArray(), got.frames().toArray())) {
            throw new AssertionError(what + ": frames " + show(got.frames()) + ", expected " + show(expected.frames()), got.error());
        }
        Class<?> gotError = got.error() == null ? null : got.error().getClass();
        if (!Objects.equals(expected.error(), gotError)) {
            throw new AssertionError(what + ": ended with " + got.error() + ", expected " + expected.error(), got.error());
        }
    }

    /** Feeds the chunks into one buffer that never overflows, decoding after each as a reader would. */
    private static Drained<Object> byHand(Decoder<?> decoder, byte[] input, int[] chunks, String what) {
        ByteBuffer buf = ByteBuffer.wrap(input).limit(0);
        List<Object> frames = new ArrayList<>();
        try {
            for (int chunk : chunks) {
                buf.limit(buf.limit() + chunk);
                for (Object f; (f = decoder.decode(buf)) != null; ) frames.add(f);
                if (buf.remaining() > decoder.maxFrameBytes()) {
                    throw new AssertionError(what + " (by hand): " + buf.remaining() + " bytes left undecoded, more than its maxFrameBytes "
                            + decoder.maxFrameBytes() + ": the decoder did not enforce its limit");
                }
            }
            for (Object f; (f = decoder.decodeEof(buf)) != null; ) frames.add(f);
            return new Drained<>(frames, null);
        } catch (AssertionError e) {
            throw e;
        } catch (Throwable e) {
            return new Drained<>(frames, e);
        }
    }

    /** @return chunk sizes covering {@code n} bytes: mostly small, sometimes large */
    private static int[] randomChunks(Random random, int n) {
        List<Integer> sizes = new ArrayList<>();
        int most = switch (random.nextInt(4)) {
            case 0 -> 1;
            case 1 -> 3;
            case 2 -> 16;
            default -> Math.max(1, n);
        };
        for (int left = n; left > 0; ) {
            int s = 1 + random.nextInt(Math.min(most, left));
            sizes.add(s);
            left -= s;
        }
        return sizes.stream().mapToInt(Integer::intValue).toArray();
    }

    private static String show(List<?> frames) {
        List<String> out = new ArrayList<>();
        for (Object f : frames) out.add(f instanceof byte[] b ? HexFormat.of().formatHex(b) : String.valueOf(f));
        return out.toString();
    }
}
