package dev.weft.task.internal;

/**
 * An element of an intrusive singly linked queue: the element carries its own link, so queueing
 * allocates nothing. An element is in at most one such queue at a time.
 *
 * @param <E> the element type
 */
public interface Linked<E extends Linked<E>> {

    /** @return the next element in the queue holding this one, or {@code null} */
    E next();

    /**
     * Sets the link; called only by the queue that holds (or is about to hold) this element.
     *
     * @param next the next element, or {@code null}
     */
    void next(E next);
}
