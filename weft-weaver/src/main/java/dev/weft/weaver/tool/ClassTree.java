package dev.weft.weaver.tool;

import dev.weft.weaver.ClassResolver;
import java.io.BufferedOutputStream;
import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipException;
import java.util.zip.ZipFile;
import java.util.zip.ZipOutputStream;

/**
 * A classes directory or a jar, read entry by entry and written back with some entries replaced
 * and others added beside them: what the command line and the Maven plugin weave.
 *
 * {@snippet :
 * Path classes = Path.of("target/classes");
 * try (ClassTree tree = ClassTree.open(classes)) {
 *     byte[] foo = tree.read("com/example/Foo.class");
 *     tree.replace("com/example/Foo.class", woven);
 *     tree.addBeside("com/example/Foo.class", "com/example/Foo$fetch$0.class", state);
 *     tree.writeTo(classes); // in place: writes only those two files
 * }
 * }
 *
 * <p>Entry names are relative and use {@code /}, as in a jar. {@link #writeTo(Path)} writes a
 * directory or a jar whatever the input was. A jar is written whole into a temporary file beside
 * the target and then moved over it, so a failed write leaves the old jar as it was; its entries
 * keep the input's order and times, and each added entry follows its host with the host's time, so
 * the same input gives the same jar byte for byte. Written in place, a tree with no change writes
 * nothing.
 *
 * <p>Not thread-safe: one tree belongs to one weaving run.
 */
public final class ClassTree implements Closeable {
    private static final String MANIFEST = "META-INF/MANIFEST.MF";

    private final Path path;
    /** The open jar; {@code null} for a directory. */
    private final ZipFile zip;
    /** The input's entries in order, listed on first use. */
    private List<String> entries;
    private final Map<String, byte[]> replaced = new HashMap<>();
    private final Map<String, byte[]> added = new HashMap<>();
    /** The added entries of each host entry, in the order they were added. */
    private final Map<String, List<String>> addedBeside = new HashMap<>();

    private ClassTree(Path path, ZipFile zip) {
        this.path = path;
        this.zip = zip;
    }

    /**
     * @param path a classes directory or a jar
     * @return the tree, to be closed
     * @throws NoSuchFileException if {@code path} does not exist
     * @throws IOException if it is neither a directory nor a jar
     */
    public static ClassTree open(Path path) throws IOException {
        if (Files.isDirectory(path)) return new ClassTree(path, null);
        if (!Files.exists(path)) throw new NoSuchFileException(path.toString(), null, "no such classes directory or jar");
        try {
            return new ClassTree(path, new ZipFile(path.toFile()));
        } catch (ZipException e) {
            throw new IOException(path + " is neither a directory nor a jar: " + e.getMessage(), e);
        }
    }

    /**
     * @return the input's entries in order (a jar's as stored, a directory's files sorted, the
     *     manifest first), without the added ones
     * @throws IOException if the directory cannot be listed
     */
    public List<String> entries() throws IOException {
        if (entries == null) entries = zip != null ? zip.stream().map(ZipEntry::getName).toList() : listDirectory();
        return entries;
    }

    private List<String> listDirectory() throws IOException {
        try (Stream<Path> files = Files.walk(path)) {
            return files.filter(Files::isRegularFile)
                    .map(f -> path.relativize(f).toString().replace(f.getFileSystem().getSeparator(), "/"))
                    .sorted(Comparator.comparing((String e) -> !e.equals(MANIFEST)).thenComparing(Comparator.naturalOrder()))
                    .toList();
        }
    }

    /**
     * @param entry an entry name
     * @return its current content (as replaced or added, else as read), or {@code null} if there
     *     is no such file
     * @throws IOException if it cannot be read
     */
    public byte[] read(String entry) throws IOException {
        byte[] b = added.get(entry);
        if (b == null) b = replaced.get(entry);
        return b != null ? b : readInput(entry);
    }

    private byte[] readInput(String entry) throws IOException {
        if (zip == null) {
            Path file = path.resolve(entry);
            return Files.isRegularFile(file) ? Files.readAllBytes(file) : null;
        }
        ZipEntry e = zip.getEntry(entry);
        if (e == null || e.isDirectory()) return null;
        try (InputStream in = zip.getInputStream(e)) {
            return in.readAllBytes();
        }
    }

    /**
     * @param entry one of {@link #entries()}
     * @param bytes its new content
     */
    public void replace(String entry, byte[] bytes) {
        replaced.put(entry, bytes);
    }

    /**
     * @param host one of {@link #entries()}, which the new entry follows in a jar
     * @param entry the new entry's name
     * @param bytes its content
     */
    public void addBeside(String host, String entry, byte[] bytes) {
        if (added.put(entry, bytes) == null) addedBeside.computeIfAbsent(host, h -> new ArrayList<>()).add(entry);
    }

    private boolean changed() {
        return !replaced.isEmpty() || !added.isEmpty();
    }

    /** @return a resolver reading {@code name.class} entries of this tree, as replaced or added */
    public ClassResolver resolver() {
        return name -> {
            try {
                return read(name + ".class");
            } catch (IOException e) {
                throw new UncheckedIOException("reading " + name + ".class in " + path, e);
            }
        };
    }

    /**
     * Writes this tree: a jar if {@code out} is a file or its name ends with {@code .jar} or
     * {@code .zip}, else a directory. Into the input itself, only the replaced and added entries
     * are written; elsewhere, every entry. Writing a jar in place closes this tree's reading of
     * it, so this is the last use of the tree.
     *
     * @param out the directory or jar to write, possibly the one this tree was read from
     * @throws IOException if writing fails, or an entry's name would lead outside {@code out}
     */
    public void writeTo(Path out) throws IOException {
        boolean inPlace = Files.exists(out) && Files.isSameFile(out, path);
        if (inPlace && !changed()) return;
        if (isArchive(out)) writeJar(out.toAbsolutePath(), inPlace);
        else writeDirectory(out.toAbsolutePath().normalize(), inPlace);
    }

    private static boolean isArchive(Path out) {
        if (Files.isDirectory(out)) return false;
        String name = out.getFileName().toString().toLowerCase(Locale.ROOT);
        return Files.isRegularFile(out) || name.endsWith(".jar") || name.endsWith(".zip");
    }

    private void writeJar(Path target, boolean inPlace) throws IOException {
        Files.createDirectories(target.getParent());
        Path tmp = Files.createTempFile(target.getParent(), target.getFileName() + ".", ".tmp");
        try {
            try (ZipOutputStream zo = new ZipOutputStream(new BufferedOutputStream(Files.newOutputStream(tmp)))) {
                for (String entry : entries()) {
                    long time = timeOf(entry);
                    putEntry(zo, entry, time, entry.endsWith("/") ? null : read(entry));
                    for (String a : addedBeside.getOrDefault(entry, List.of())) putEntry(zo, a, time, added.get(a));
                }
            }
            if (inPlace) zip.close(); // the jar is replaced next; some systems refuse while it is open
            Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } finally {
            Files.deleteIfExists(tmp);
        }
    }

    private static void putEntry(ZipOutputStream zo, String name, long time, byte[] bytes) throws IOException {
        ZipEntry e = new ZipEntry(name);
        e.setTime(time);
        zo.putNextEntry(e);
        if (bytes != null) zo.write(bytes);
        zo.closeEntry();
    }

    private long timeOf(String entry) throws IOException {
        return zip != null ? zip.getEntry(entry).getTime() : Files.getLastModifiedTime(path.resolve(entry)).toMillis();
    }

    private void writeDirectory(Path root, boolean inPlace) throws IOException {
        Files.createDirectories(root);
        for (String entry : entries()) {
            byte[] bytes = replaced.get(entry);
            if (bytes != null) write(root, entry, bytes);
            else if (!inPlace) copy(root, entry);
            for (String a : addedBeside.getOrDefault(entry, List.of())) write(root, a, added.get(a));
        }
    }

    private void copy(Path root, String entry) throws IOException {
        Path target = target(root, entry);
        if (zip == null) {
            Files.createDirectories(target.getParent());
            Files.copy(path.resolve(entry), target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.COPY_ATTRIBUTES);
        } else if (entry.endsWith("/")) {
            Files.createDirectories(target);
        } else {
            write(root, entry, readInput(entry));
            Files.setLastModifiedTime(target, FileTime.fromMillis(timeOf(entry)));
        }
    }

    private void write(Path root, String entry, byte[] bytes) throws IOException {
        Path target = target(root, entry);
        Files.createDirectories(target.getParent());
        Files.write(target, bytes);
    }

    private Path target(Path root, String entry) throws IOException {
        Path target = root.resolve(entry).normalize();
        if (!target.startsWith(root) || target.equals(root)) {
            throw new IOException("entry " + entry + " of " + path + " would be written outside " + root);
        }
        return target;
    }

    @Override
    public void close() throws IOException {
        if (zip != null) zip.close();
    }
}
