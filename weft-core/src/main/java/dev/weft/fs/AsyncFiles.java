package dev.weft.fs;

import dev.weft.blocking.Blocking;
import dev.weft.blocking.BlockingPool;
import dev.weft.future.AsyncStream;
import dev.weft.future.Future;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;

/**
 * The file system, asynchronously: each call runs the matching {@link java.nio.file.Files}
 * operation on a blocking pool and returns its future (async-fs): the pool of the runtime whose
 * worker makes the call (each runtime owns one), or, outside any runtime, the shared pool
 * ({@link Blocking#currentPool()}). Named {@code AsyncFiles} so it never shadows
 * {@code java.nio.file.Files}.
 *
 * {@snippet :
 * Weft.await(AsyncFiles.writeString(path, "hello"));
 * String s = Weft.await(AsyncFiles.readString(path)); // "hello"
 * }
 *
 * <p>Every future wakes when its pool job finished and throws what the {@code Files} call threw
 * (for example {@link java.nio.file.NoSuchFileException}); cancelling one before a pool thread
 * took it means the operation never happens, afterwards it completes unobserved.
 */
public final class AsyncFiles {
    private AsyncFiles() {}

    private static BlockingPool pool() {
        return Blocking.currentPool();
    }

    /**
     * Opens a file for async reading and writing.
     *
     * @param path the file
     * @param options as for {@link FileChannel#open(Path, OpenOption...)}; none means READ
     * @return a future of the open file
     */
    public static Future<AsyncFile> open(Path path, OpenOption... options) {
        OpenOption[] opts = options.length == 0 ? new OpenOption[] {StandardOpenOption.READ} : options.clone();
        BlockingPool pool = pool(); // here, not in the job: a pool thread belongs to no runtime
        return pool.unblock(() -> new AsyncFile(FileChannel.open(path, opts), pool));
    }

    /**
     * Creates (or truncates) a file and opens it for writing.
     *
     * @param path the file
     * @return a future of the open file
     */
    public static Future<AsyncFile> create(Path path) {
        return open(path, StandardOpenOption.CREATE, StandardOpenOption.TRUNCATE_EXISTING,
                StandardOpenOption.WRITE, StandardOpenOption.READ);
    }

    /**
     * @param path the file
     * @return a future of all its bytes
     */
    public static Future<byte[]> readAllBytes(Path path) {
        return pool().unblock(() -> Files.readAllBytes(path));
    }

    /**
     * @param path the file
     * @return a future of its content decoded as UTF-8
     */
    public static Future<String> readString(Path path) {
        return pool().unblock(() -> Files.readString(path, StandardCharsets.UTF_8));
    }

    /**
     * Writes {@code bytes} as the whole content of {@code path} (created or truncated).
     *
     * @param path the file
     * @param bytes the content; not copied, do not change it until the future completed
     * @return a future that completes when written
     */
    public static Future<Void> write(Path path, byte[] bytes) {
        return pool().unblock(() -> {
            Files.write(path, bytes);
            return null;
        });
    }

    /**
     * Writes {@code text} as UTF-8 as the whole content of {@code path}.
     *
     * @param path the file
     * @param text the content
     * @return a future that completes when written
     */
    public static Future<Void> writeString(Path path, CharSequence text) {
        String s = text.toString();
        return pool().unblock(() -> {
            Files.writeString(path, s, StandardCharsets.UTF_8);
            return null;
        });
    }

    /**
     * @param path a file or directory (symbolic links followed)
     * @return a future of its basic attributes: size, times, kind
     */
    public static Future<BasicFileAttributes> metadata(Path path) {
        return pool().unblock(() -> Files.readAttributes(path, BasicFileAttributes.class));
    }

    /**
     * @param dir the directory, with missing parents
     * @return a future that completes when it exists
     */
    public static Future<Void> createDirectories(Path dir) {
        return pool().unblock(() -> {
            Files.createDirectories(dir);
            return null;
        });
    }

    /**
     * @param path the file or empty directory
     * @return a future of whether it existed and was deleted
     */
    public static Future<Boolean> deleteIfExists(Path path) {
        return pool().unblock(() -> Files.deleteIfExists(path));
    }

    /**
     * The entries of a directory as a stream, read by a pool thread in batches.
     *
     * <p>The stream ends after the last entry and throws the listing's {@link java.io.IOException}
     * (for example {@link java.nio.file.NotDirectoryException}) at the point it happened.
     * Cancelling the stream stops the pool thread and closes the directory.
     *
     * @param dir the directory
     * @return a stream of its entries (in no particular order)
     */
    public static AsyncStream<Path> list(Path dir) {
        return new DirectoryListing(dir, pool());
    }
}
