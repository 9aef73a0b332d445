package dev.weft.fs;

import dev.weft.exec.internal.BlockOn;
import dev.weft.blocking.BlockingPool;
import dev.weft.future.AsyncStream;
import dev.weft.future.Context;
import dev.weft.future.Future;
import dev.weft.future.Poll;
import dev.weft.sync.Channel;
import dev.weft.sync.ChannelClosedException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The stream of {@link AsyncFiles#list(Path)}: a pool job walks the directory and sends entries
 * through a bounded channel; at the channel's end the job's outcome tells a clean end from a
 * failure.
 *
 * <p>Owner only (one task polls it). The job sends with {@code BlockOn.blockOn} on its pool thread,
 * which is where blocking belongs.
 */
final class DirectoryListing implements AsyncStream<Path> {
    private static final int BATCH = 256;

    private final Channel<Path> channel = Channel.bounded(BATCH);
    private final AsyncStream<Path> entries = channel.receiver().stream();
    private final Future<Void> job;
    private boolean ended;

    DirectoryListing(Path dir, BlockingPool pool) {
        this.job = pool.unblock(() -> {
            try (DirectoryStream<Path> ds = Files.newDirectoryStream(dir)) {
                for (Path p : ds) BlockOn.blockOn(channel.sender().send(p));
            } catch (ChannelClosedException e) {
                return null; // the reader cancelled: stop quietly
            } finally {
                channel.sender().close();
            }
            return null;
        });
    }

    @Override
    public Poll<Path> pollNext(Context cx) throws Exception {
        if (ended) return AsyncStream.end();
        Poll<Path> p = entries.pollNext(cx);
        if (!AsyncStream.isEnd(p)) return p;
        Poll<Void> done = job.poll(cx);
        if (done.isPending()) return Poll.pending();
        ended = true;
        return p;
    }

    @Override
    public void cancel() {
        entries.cancel();
        channel.receiver().close();
        job.cancel();
    }

    @Override
    public String toString() {
        return "DirectoryListing";
    }
}
