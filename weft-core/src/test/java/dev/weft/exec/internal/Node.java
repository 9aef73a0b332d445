package dev.weft.exec.internal;

import dev.weft.task.internal.Linked;

/** A queue element for the queue tests: an int with an intrusive link. */
final class Node implements Linked<Node> {
    final int v;
    private Node next;

    Node(int v) {
        this.v = v;
    }

    @Override
    public Node next() {
        return next;
    }

    @Override
    public void next(Node n) {
        next = n;
    }
}
