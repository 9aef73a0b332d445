package dev.weft.future;

/**
 * The one {@link AsyncStream#end()}: a {@code Poll.Ready} of {@code null} of its own, distinct by
 * identity (and by {@code equals}) from the {@code Poll.ready(null)} of futures, so a stream that
 * answers a {@code null} element is caught instead of read as ended. A holder class, as
 * {@link ReadyOfNull} is, so that Lincheck can read the field.
 */
final class AsyncStreamEnd {
    static final Poll.Ready<?> INSTANCE = new Poll.Ready<>(null);

    private AsyncStreamEnd() {}

    /**
     * The failure of a consumer that was handed a ready {@code null} that is not the end.
     *
     * @param stream the stream that answered it, named in the message
     * @return the exception to throw
     */
    static NullPointerException nullElement(AsyncStream<?> stream) {
        return new NullPointerException(stream + " answered a null element: elements are never null"
                + " (the end of a stream is AsyncStream.end(), not Poll.ready(null))");
    }
}
