package dev.weft.bench.workload;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Maps workload ids to their classes in this package. Classes are loaded by name, so a workload
 * that is not written yet is simply absent (the runner notes it on standard error).
 */
final class Registry {
    private static final Map<String, String> CLASSES = new LinkedHashMap<>();

    static {
        CLASSES.put("W1", "W1Spawn");
        CLASSES.put("W2", "W2Yield");
        CLASSES.put("W3", "W3PingPong");
        CLASSES.put("W4", "W4Timers");
        CLASSES.put("W5", "W5Idle");
        CLASSES.put("W6", "W6Echo");
        CLASSES.put("W7", "W7Chained");
        CLASSES.put("W8", "W8Scoped");
    }

    private Registry() {}

    /** @return every known id, in order */
    static List<String> ids() {
        return List.copyOf(CLASSES.keySet());
    }

    /**
     * @param id a workload id such as {@code W1}
     * @return the workload, or empty if its class is not present
     * @throws IllegalArgumentException if the id is unknown
     */
    static Optional<Workload> load(String id) {
        String simple = CLASSES.get(id.toUpperCase(java.util.Locale.ROOT));
        if (simple == null) throw new IllegalArgumentException("unknown workload " + id + "; known: " + ids());
        try {
            Class<?> c = Class.forName(Registry.class.getPackageName() + "." + simple);
            return Optional.of((Workload) c.getDeclaredConstructor().newInstance());
        } catch (ClassNotFoundException e) {
            return Optional.empty();
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot instantiate " + simple, e);
        }
    }
}
