package dev.weft.coro.internal;

import dev.weft.coro.WovenFuture;
import dev.weft.internal.CoopThread;
import java.util.List;

/**
 * The check behind {@code Weft.await} outside any coroutine: on a Weft worker thread, an await
 * called (directly or through helpers) from a woven body would block the worker, which must never
 * happen. That is the case of a helper method that calls {@code await} but was not itself written
 * as a {@code Weft.async} body, so the weaver left it alone. Such an await throws
 * {@link IllegalStateException} naming the helper and the fix, instead of silently blocking.
 *
 * <p>The stack is walked only on the blocking path of an await on a worker thread, which is
 * already wrong or rare; awaits on ordinary threads and in coroutines never pay for it.
 */
public final class UnwovenAwait {
    private static final StackWalker WALKER = StackWalker.getInstance(StackWalker.Option.RETAIN_CLASS_REFERENCE);

    private UnwovenAwait() {}

    /**
     * Throws if the calling thread is a Weft worker polling a woven body that reached this await.
     *
     * @param call the API the user called: {@code Weft.await(...)}, {@code TaskScope.close()}
     * @throws IllegalStateException naming the call, the unwoven method that made it and the woven body
     */
    public static void refuseOnWorker(String call) {
        if (!(Thread.currentThread() instanceof CoopThread)) return;
        List<StackWalker.StackFrame> frames = WALKER.walk(s -> s.dropWhile(f -> f.getClassName().equals("dev.weft.Weft")
                || f.getClassName().equals("dev.weft.scope.TaskScope") || f.getDeclaringClass() == UnwovenAwait.class).toList());
        for (int i = 1; i < frames.size(); i++) {
            StackWalker.StackFrame f = frames.get(i);
            boolean entersBody = f.getMethodName().equals("poll") || f.getMethodName().equals("resume");
            if (!entersBody || !WovenFuture.class.isAssignableFrom(f.getDeclaringClass())) continue;
            StackWalker.StackFrame helper = frames.get(0);
            StackWalker.StackFrame body = frames.get(i - 1);
            throw new IllegalStateException(call + " in " + describe(helper) + " would block worker thread "
                    + Thread.currentThread().getName() + ": it is reached from the woven body " + describe(body)
                    + ", but " + helper.getClassName() + "." + helper.getMethodName() + " was not woven (only bodies "
                    + "passed to Weft.async are). Fix: make " + helper.getMethodName() + " return a Future built with "
                    + "Weft.async(() -> ...) and await that future in the caller.");
        }
    }

    private static String describe(StackWalker.StackFrame f) {
        String file = f.getFileName();
        return f.getClassName() + "." + f.getMethodName() + " (" + (file == null ? "unknown source" : file + ":"
                + f.getLineNumber()) + ")";
    }
}
