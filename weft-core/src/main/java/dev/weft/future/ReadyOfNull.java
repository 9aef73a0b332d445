package dev.weft.future;

/**
 * The one {@code Poll.Ready} of {@code null} that {@link Poll#ready(Object)} gives out. A holder
 * class rather than a static field of the record: tools that read static fields through
 * {@code sun.misc.Unsafe} (Lincheck) cannot read them on record classes.
 */
final class ReadyOfNull {
    static final Poll.Ready<?> INSTANCE = new Poll.Ready<>(null);

    private ReadyOfNull() {}
}
