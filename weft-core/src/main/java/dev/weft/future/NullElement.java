package dev.weft.future;

/** The failure of a stream's consumer handed a ready {@code null}: elements are never null. */
final class NullElement {
    private NullElement() {}

    /**
     * The failure to throw.
     *
     * @param stream the stream that answered the {@code null}, named in the message
     * @return the exception to throw
     */
    static NullPointerException in(AsyncStream<?> stream) {
        return new NullPointerException(stream + " answered a null element: elements are never null"
                + " (the end of a stream is AsyncStream.end(), not Poll.ready(null))");
    }
}
