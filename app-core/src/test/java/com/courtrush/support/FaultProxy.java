package com.courtrush.support;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketException;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * A TCP proxy between the engine and one service, for staging outages without touching the
 * service: {@link Mode#PASS} forwards bytes both ways; {@link Mode#DOWN} cuts every connection and
 * refuses new ones (a crashed or unreachable service); {@link Mode#FROZEN} keeps connections open
 * and accepts new ones but forwards nothing (a paused service, a dead network path). Back to PASS,
 * frozen connections carry on; cut ones stay cut, as after a real outage.
 */
public final class FaultProxy implements AutoCloseable {

    public enum Mode {
        PASS,
        DOWN,
        FROZEN
    }

    private final InetSocketAddress target;
    private final ServerSocket server;
    private final ExecutorService threads = Executors.newCachedThreadPool(runnable -> {
        Thread thread = new Thread(runnable, "fault-proxy");
        thread.setDaemon(true);
        return thread;
    });
    private final Set<Socket> open = ConcurrentHashMap.newKeySet();
    private final Object gate = new Object();
    private volatile Mode mode = Mode.PASS;

    public FaultProxy(String targetHost, int targetPort) throws IOException {
        this.target = new InetSocketAddress(targetHost, targetPort);
        this.server = new ServerSocket(0, 200, InetAddress.getLoopbackAddress());
        threads.execute(this::accept);
    }

    public int port() {
        return server.getLocalPort();
    }

    public Mode mode() {
        return mode;
    }

    public void mode(Mode next) {
        mode = next;
        if (next == Mode.DOWN) {
            open.forEach(FaultProxy::closeQuietly);
            open.clear();
        }
        synchronized (gate) {
            gate.notifyAll();
        }
    }

    private void accept() {
        while (!server.isClosed()) {
            try {
                Socket client = server.accept();
                if (mode == Mode.DOWN) {
                    closeQuietly(client);
                    continue;
                }
                Socket upstream = new Socket();
                upstream.connect(target, 2000);
                open.add(client);
                open.add(upstream);
                threads.execute(() -> pump(client, upstream));
                threads.execute(() -> pump(upstream, client));
            } catch (IOException e) {
                if (server.isClosed()) {
                    return;
                }
            }
        }
    }

    private void pump(Socket from, Socket to) {
        byte[] buffer = new byte[16 * 1024];
        try (InputStream in = from.getInputStream();
                OutputStream out = to.getOutputStream()) {
            int read;
            while ((read = in.read(buffer)) >= 0) {
                awaitPassing();
                if (mode == Mode.DOWN) {
                    break;
                }
                out.write(buffer, 0, read);
                out.flush();
            }
        } catch (SocketException closed) {
            // the other side, or DOWN, closed the connection
        } catch (IOException e) {
            // a broken connection ends this pump as a real network would
        } finally {
            closeQuietly(from);
            closeQuietly(to);
            open.remove(from);
            open.remove(to);
        }
    }

    private void awaitPassing() {
        synchronized (gate) {
            while (mode == Mode.FROZEN) {
                try {
                    gate.wait();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                }
            }
        }
    }

    private static void closeQuietly(Socket socket) {
        try {
            socket.close();
        } catch (IOException e) {
            // closing a socket that is already broken
        }
    }

    @Override
    public void close() throws IOException {
        mode(Mode.DOWN);
        server.close();
        threads.shutdownNow();
    }
}
