package dev.weft.weaver;

import java.util.List;
import java.util.Map;

/**
 * What weaving one class file gave.
 *
 * {@snippet :
 * WeaveResult r = weaver.weave(Files.readAllBytes(in));
 * r.warnings().forEach(System.err::println);
 * if (r.changed()) {
 *     Path file = out.resolve(r.className() + ".class"); // internal names: dev/weft/Foo
 *     Files.createDirectories(file.getParent());
 *     Files.write(file, r.bytes());
 *     for (Map.Entry<String, byte[]> c : r.addedClasses().entrySet()) { // the same package
 *         Files.write(out.resolve(c.getKey() + ".class"), c.getValue());
 *     }
 * }
 * }
 *
 * @param className the woven class's internal name
 * @param bytes the class file to use instead of the input (the input itself if nothing changed)
 * @param addedClasses the state classes created, by internal name, to be written or defined beside it
 * @param changed whether anything was woven
 * @param warnings bodies left unwoven (refused, with {@link Weaver.Options#keepRefusedStackful}),
 *     each with file:line and the reason
 */
public record WeaveResult(String className, byte[] bytes, Map<String, byte[]> addedClasses, boolean changed,
                          List<String> warnings) {}
