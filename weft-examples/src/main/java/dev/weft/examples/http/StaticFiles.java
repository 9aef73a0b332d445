package dev.weft.examples.http;

import static dev.weft.Weft.await;

import dev.weft.Weft;
import dev.weft.blocking.Blocking;
import dev.weft.fs.AsyncFiles;
import dev.weft.future.Future;
import java.io.ByteArrayOutputStream;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;

/**
 * Serves the files under a directory, read through Weft's {@code dev.weft.fs} (on the blocking
 * pool, never on a worker). The request path after the route's prefix names the file
 * (percent-decoded); a directory serves its {@code index.html}. Nothing outside the directory is
 * reachable: a {@code ..} segment, a NUL, or a symbolic link leading out is answered {@code 404},
 * as is a missing file. Files over {@link #MAX_FILE} bytes are refused with {@code 500}.
 *
 * {@snippet :
 * Router r = Router.builder().prefix("GET", "/static/", StaticFiles.serve(Path.of("www"), "/static/")).build();
 * // GET /static/css/site.css  ->  www/css/site.css as text/css
 * }
 */
public final class StaticFiles {
    /** The largest file served (whole, with {@code Content-Length}). */
    public static final long MAX_FILE = 64L * 1024 * 1024;

    private static final Response NOT_FOUND = Response.text(404, "not found");

    private StaticFiles() {}

    /**
     * @param root the directory to serve
     * @param prefix the route's prefix, stripped from the path before it names a file
     * @return the handler
     */
    public static Handler serve(Path root, String prefix) {
        Path base = root.toAbsolutePath().normalize();
        return request -> {
            String path = request.path();
            if (!path.startsWith(prefix)) return Future.ready(NOT_FOUND);
            String relative = percentDecode(path.substring(prefix.length()));
            if (relative == null) return Future.ready(Response.text(400, "malformed percent-encoding"));
            if (!safe(relative)) return Future.ready(NOT_FOUND);
            return read(base, base.resolve(relative).normalize());
        };
    }

    private static Future<Response> read(Path base, Path file) {
        return Weft.async(() -> {
            Path real;
            BasicFileAttributes a;
            try {
                real = await(Blocking.unblock(() -> realInside(base, file)));
                if (real == null) return NOT_FOUND;
                a = await(AsyncFiles.metadata(real));
                if (a.isDirectory()) {
                    real = real.resolve("index.html");
                    a = await(AsyncFiles.metadata(real));
                }
            } catch (NoSuchFileException missing) {
                return NOT_FOUND;
            }
            if (!a.isRegularFile()) return NOT_FOUND;
            if (a.size() > MAX_FILE) return Response.text(500, "file larger than " + MAX_FILE + " bytes");
            byte[] bytes = await(AsyncFiles.readAllBytes(real));
            return Response.of(200, ContentTypes.of(real), bytes);
        });
    }

    /** @return the file's real path if it lies inside the base's real path, else null (blocking) */
    private static Path realInside(Path base, Path file) throws java.io.IOException {
        Path realBase = base.toRealPath();
        Path real = file.toRealPath();
        return real.startsWith(realBase) ? real : null;
    }

    /** @return whether the relative path has no {@code ..} segment, no NUL and no backslash */
    private static boolean safe(String relative) {
        if (relative.indexOf('\0') >= 0 || relative.indexOf('\\') >= 0 || relative.startsWith("/")) return false;
        for (String segment : relative.split("/", -1)) if (segment.equals("..")) return false;
        return true;
    }

    /** @return the path with {@code %XX} decoded as UTF-8, or null if an escape is malformed */
    static String percentDecode(String s) {
        if (s.indexOf('%') < 0) return s;
        ByteArrayOutputStream out = new ByteArrayOutputStream(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c != '%') {
                out.write(c);
                continue;
            }
            if (i + 2 >= s.length()) return null;
            int hi = Character.digit(s.charAt(i + 1), 16);
            int lo = Character.digit(s.charAt(i + 2), 16);
            if (hi < 0 || lo < 0) return null;
            out.write(hi * 16 + lo);
            i += 2;
        }
        return out.toString(java.nio.charset.StandardCharsets.UTF_8);
    }
}
