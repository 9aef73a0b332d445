package dev.weft.weaver.agent;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.security.ProtectionDomain;
import java.util.function.Supplier;

/**
 * Makes a method handle on {@code ClassLoader.defineClass(String, byte[], int, int,
 * ProtectionDomain)}. {@link ClassDefiner} defines this class alone in a class loader of its own and
 * opens {@code java.lang} to that loader's unnamed module only, so no other code gains deep access
 * to {@code java.lang}. Not API: public only so that the other loader can create it.
 *
 * {@snippet :
 * // in the loader whose unnamed module java.base opens java.lang to
 * MethodHandle define = new DefineClassHandle().get();
 * Class<?> c = (Class<?>) define.invokeExact(loader, "com.example.Foo$fetch$0", bytes, 0, bytes.length, domain);
 * }
 */
public final class DefineClassHandle implements Supplier<MethodHandle> {
    /** Created reflectively by {@link ClassDefiner}. */
    public DefineClassHandle() {}

    /**
     * @return {@code (ClassLoader, String, byte[], int, int, ProtectionDomain) -> Class}
     * @throws IllegalStateException if {@code java.lang} is not open to this class's module
     */
    @Override
    public MethodHandle get() {
        MethodType type = MethodType.methodType(Class.class, String.class, byte[].class, int.class, int.class,
                ProtectionDomain.class);
        try {
            return MethodHandles.privateLookupIn(ClassLoader.class, MethodHandles.lookup())
                    .findVirtual(ClassLoader.class, "defineClass", type);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("ClassLoader.defineClass is out of reach of " + getClass().getModule()
                    + ": java.lang must be open to it", e);
        }
    }
}
