package dev.weft.weaver.testkit;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.util.CheckClassAdapter;

/**
 * Checks a class file with ASM's {@link CheckClassAdapter#verify}: its structure, then each
 * method's data flow with a {@code SimpleVerifier} that asks a class loader for the types it must
 * compare. A failure becomes a {@link VerifyError} carrying the verifier's printout (the failing
 * method's instructions with the frame before each).
 *
 * {@snippet :
 * ClassVerification.verify("com.example.Foo", wovenBytes, wovenLoader); // throws VerifyError if bad
 * }
 */
public final class ClassVerification {
    private ClassVerification() {}

    /**
     * @param name the class's binary name, for the message
     * @param classFile its bytes
     * @param loader resolves the classes it mentions
     * @throws VerifyError if the class file is malformed or a method does not verify
     */
    public static void verify(String name, byte[] classFile, ClassLoader loader) {
        StringWriter printout = new StringWriter();
        try (PrintWriter out = new PrintWriter(printout)) {
            CheckClassAdapter.verify(new ClassReader(classFile), loader, false, out);
        } catch (RuntimeException malformed) {
            VerifyError e = new VerifyError("ASM's CheckClassAdapter rejects " + name + ": " + malformed + "\n" + printout);
            e.initCause(malformed);
            throw e;
        }
        if (!printout.toString().isEmpty()) {
            throw new VerifyError("ASM's CheckClassAdapter rejects " + name + ":\n" + printout);
        }
    }
}
