package dev.weft.coro;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a class the weaver ({@code weft-weaver}) has rewritten, and each state class it generated,
 * so that weaving again is a no-op. The weaver adds it to class files; nobody writes it in source.
 * Kept in the class file but invisible at run time, it is here only so that {@code javac} knows the
 * type when code is compiled against woven classes.
 *
 * {@snippet :
 * // what a woven class looks like to javap -v: RuntimeInvisibleAnnotations: dev.weft.coro.Woven(bodies=[...])
 * }
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.TYPE)
public @interface Woven {
    /**
     * @return each woven body as {@code name+descriptor=StateClass} (internal names): where
     *     {@code expand} finds the kept original of each body
     */
    String[] bodies() default {};
}
