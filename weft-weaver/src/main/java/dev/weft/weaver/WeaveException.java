package dev.weft.weaver;

/**
 * A body the weaver refuses, or a class file it cannot read. The message names the source file and
 * line and says how to fix the code.
 *
 * {@snippet :
 * try {
 *     weaver.weave(classFile);
 * } catch (WeaveException e) {
 *     // e.g. "Locked.java:12: Weft.await inside a synchronized block ... Fix: ..."
 *     System.err.println(e.getMessage());
 * }
 * }
 */
public final class WeaveException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** @param message what is wrong, where, and the fix */
    public WeaveException(String message) {
        super(message);
    }

    /**
     * @param message what is wrong, where, and the fix
     * @param cause the underlying failure
     */
    public WeaveException(String message, Throwable cause) {
        super(message, cause);
    }
}
