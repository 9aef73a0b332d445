package dev.weft.examples.http;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The header (or trailer) fields of a request, in arrival order, looked up case-insensitively.
 * Appended to by the decoder only; read-only for handlers.
 *
 * {@snippet :
 * String type = request.headers().get("content-type"); // null if absent
 * }
 */
public final class Headers {
    private static final String[] NONE = new String[0];
    private String[] names = NONE;
    private String[] values = NONE;
    private int size;

    void add(String name, String value) {
        if (size == names.length) {
            int n = Math.max(4, size * 2);
            names = Arrays.copyOf(names, n);
            values = Arrays.copyOf(values, n);
        }
        names[size] = name;
        values[size] = value;
        size++;
    }

    /** @return how many fields there are */
    public int size() {
        return size;
    }

    /**
     * @param i the index, {@code 0 <= i < size()}
     * @return the name of the i-th field as the client spelled it
     */
    public String name(int i) {
        return names[checked(i)];
    }

    /**
     * @param i the index, {@code 0 <= i < size()}
     * @return the value of the i-th field, without surrounding white space
     */
    public String value(int i) {
        return values[checked(i)];
    }

    /**
     * @param name a field name, any case
     * @return the value of the first field of that name, or {@code null}
     */
    public String get(String name) {
        for (int i = 0; i < size; i++) if (names[i].equalsIgnoreCase(name)) return values[i];
        return null;
    }

    /**
     * @param name a field name, any case
     * @return the values of every field of that name, in order
     */
    public List<String> all(String name) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < size; i++) if (names[i].equalsIgnoreCase(name)) out.add(values[i]);
        return out;
    }

    private int checked(int i) {
        if (i < 0 || i >= size) throw new IndexOutOfBoundsException("field " + i + " of " + size);
        return i;
    }

    @Override
    public String toString() {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < size; i++) b.append(names[i]).append(": ").append(values[i]).append('\n');
        return size == 0 ? "(no fields)" : b.toString();
    }
}
