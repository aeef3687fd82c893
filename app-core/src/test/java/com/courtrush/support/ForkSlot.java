package com.courtrush.support;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * This test JVM's number among those running on the machine at once, 1 to {@link #SLOTS}: the first whose lock file
 * (in the temporary folder) no other JVM holds, held until this JVM ends (issue 71). It names the JVM's place on the
 * machine's services and the core it loads. Failsafe's own fork number cannot: it is not passed to the fork, and in
 * a build of several modules at once it counts on across them.
 */
final class ForkSlot {

    /** Redis databases 9 to 15 are theirs (6 is the bench's, 7 the fault suite's). */
    static final int SLOTS = 7;

    private static FileLock held; // never released: the JVM's end releases it

    private ForkSlot() {}

    static synchronized int claim() {
        Path folder = Path.of(System.getProperty("java.io.tmpdir"));
        for (int slot = 1; slot <= SLOTS; slot++) {
            Path file = folder.resolve("courtrush-it-slot-" + slot + ".lock");
            try {
                FileChannel channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
                FileLock lock = channel.tryLock();
                if (lock != null) {
                    held = lock;
                    return slot;
                }
                channel.close();
            } catch (IOException e) {
                throw new UncheckedIOException("the test JVMs' slot file " + file + " cannot be locked", e);
            }
        }
        throw new IllegalStateException("more than " + SLOTS
                + " test JVMs use the machine's services at once: none has a place of its own left");
    }
}
