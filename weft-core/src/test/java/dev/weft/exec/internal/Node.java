package dev.weft.exec.internal;

/** A queue element for the queue tests: an int. */
final class Node {
    final int v;

    Node(int v) {
        this.v = v;
    }
}
