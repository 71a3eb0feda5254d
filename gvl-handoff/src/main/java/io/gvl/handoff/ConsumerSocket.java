package io.gvl.handoff;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.ConnectException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.AsynchronousCloseException;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.Duration;

/**
 * The one consumer a producer started with {@code --listen PATH} serves: a Unix domain socket at {@code PATH} that
 * accepts a single connection, which then carries the descriptor lines one way and the release lines the other. The
 * socket file is removed as soon as the consumer is connected (nobody else can attach to this run) and on close.
 * Package-private: only {@link HandoffProducer} listens.
 *
 * <p>The streams call the channel's own {@code read} and {@code write}, which may run at the same time on two
 * threads (the writer sends descriptors while a daemon thread reads releases). Unlike the adapters of
 * {@code java.nio.channels.Channels}, closing one of them does not close the channel: the release reader ends at the
 * consumer's end of stream while the last descriptor lines may still be sent.
 */
final class ConsumerSocket implements AutoCloseable {
    private final Path path;
    private final SocketChannel channel;

    private ConsumerSocket(Path path, SocketChannel channel) {
        this.path = path;
        this.channel = channel;
    }

    /**
     * Listens on {@code path} and waits for one consumer to connect.
     *
     * @param path the socket file to create (a stale socket file that nobody listens on is replaced)
     * @param timeout how long to wait for the consumer
     * @return the connection
     * @throws HandoffException if {@code path} is taken, cannot be created, or nobody connects in time
     * @throws InterruptedException if the thread is interrupted while waiting
     */
    static ConsumerSocket accept(Path path, Duration timeout) throws InterruptedException {
        removeStale(path);
        UnixDomainSocketAddress address = UnixDomainSocketAddress.of(path);
        ServerSocketChannel server;
        try {
            server = ServerSocketChannel.open(StandardProtocolFamily.UNIX);
            server.bind(address);
        } catch (IOException e) {
            throw new HandoffException("cannot listen on " + path + ": " + e.getMessage()
                    + " (choose a path in a writable directory, at most about 100 characters long)", e);
        }
        Thread watchdog = Thread.ofPlatform().daemon().name("gvl-handoff-accept-timeout").start(() -> {
            try {
                Thread.sleep(timeout);
                server.close();
            } catch (InterruptedException | IOException e) {
                // Accepted in time (interrupted), or the server is already closed.
            }
        });
        try {
            SocketChannel channel = server.accept();
            return new ConsumerSocket(path, channel);
        } catch (AsynchronousCloseException e) {
            if (Thread.interrupted()) {
                throw new InterruptedException("interrupted while waiting for a consumer on " + path);
            }
            throw new HandoffException("no consumer connected to " + path + " within " + timeout.toSeconds()
                    + " s (start the reader, or raise the accept timeout)", e);
        } catch (IOException e) {
            throw new HandoffException("waiting for a consumer on " + path + " failed: " + e.getMessage(), e);
        } finally {
            watchdog.interrupt();
            try {
                server.close();
                Files.deleteIfExists(path);
            } catch (IOException e) {
                // The connection stands either way; a leftover socket file is replaced by the next run.
            }
        }
    }

    /** A socket file that no process listens on is a leftover of a killed run; anything else at the path stays. */
    private static void removeStale(Path path) {
        BasicFileAttributes attrs;
        try {
            attrs = Files.readAttributes(path, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
        } catch (IOException e) {
            return; // nothing there
        }
        if (!attrs.isOther()) {
            throw new HandoffException(path + " exists and is not a socket; choose another --listen path");
        }
        try (SocketChannel probe = SocketChannel.open(UnixDomainSocketAddress.of(path))) {
            throw new HandoffException("another producer is listening on " + path + "; choose another --listen path");
        } catch (ConnectException e) {
            try {
                Files.deleteIfExists(path);
            } catch (IOException d) {
                throw new HandoffException("cannot remove the stale socket " + path + ": " + d.getMessage(), d);
            }
        } catch (IOException e) {
            throw new HandoffException("cannot check " + path + ": " + e.getMessage(), e);
        }
    }

    /**
     * The consumer's release lines.
     *
     * @return a stream over the connection; end of stream when the consumer closes or dies
     */
    InputStream input() {
        return new InputStream() {
            @Override
            public int read() throws IOException {
                byte[] one = new byte[1];
                return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
            }

            @Override
            public int read(byte[] b, int off, int len) throws IOException {
                return len == 0 ? 0 : channel.read(ByteBuffer.wrap(b, off, len));
            }
        };
    }

    /**
     * Where descriptor lines go.
     *
     * @return a stream over the connection (unbuffered: wrap it)
     */
    OutputStream output() {
        return new OutputStream() {
            @Override
            public void write(int b) throws IOException {
                write(new byte[] {(byte) b}, 0, 1);
            }

            @Override
            public void write(byte[] b, int off, int len) throws IOException {
                ByteBuffer buf = ByteBuffer.wrap(b, off, len);
                while (buf.hasRemaining()) {
                    channel.write(buf);
                }
            }
        };
    }

    /** Closes the connection; closing twice is harmless. */
    @Override
    public void close() {
        try {
            channel.close();
        } catch (IOException e) {
            // Nothing left to flush: every line was written before.
        }
    }
}
