package com.courtrush.core;

import java.io.BufferedInputStream;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.apache.commons.compress.archivers.zip.ZipArchiveEntry;
import org.apache.commons.compress.archivers.zip.ZipArchiveInputStream;

/**
 * A zip someone sent (an .xlsx workbook is one) unpacked within limits before anything parses it: a few hundred
 * kilobytes can unpack to gigabytes (one cell of 300 MB, a billion rows), which a parser would hold in the heap. Each
 * entry is inflated here, counting the bytes it really yields (never what its header claims), and the zip is written
 * anew from exactly those entries, so the parser reads what was counted and nothing else (no second directory, no
 * entry the stream did not see).
 */
public final class BoundedZip {

    /**
     * How far a zip may unpack.
     *
     * @param totalBytes every entry's bytes together, unpacked
     * @param entries    how many entries
     */
    public record Limits(long totalBytes, int entries) {

        /** The unpacked size in whole megabytes, as a refusal says it. */
        public long megabytes() {
            return totalBytes / (1024 * 1024);
        }
    }

    /** The zip unpacks past its limits; nothing was parsed. */
    public static final class TooLarge extends RuntimeException {

        TooLarge(String what) {
            super(what);
        }
    }

    private static final int BUFFER = 64 * 1024;

    private BoundedZip() {}

    /**
     * The zip written anew from its entries, each inflated here within {@code limits}.
     *
     * @throws TooLarge    past a limit
     * @throws IOException not a zip, or a broken one
     */
    public static byte[] repacked(byte[] zip, Limits limits) throws IOException {
        ByteArrayOutputStream copy = new ByteArrayOutputStream(zip.length * 2);
        long total = 0;
        int count = 0;
        Set<String> names = new HashSet<>();
        byte[] buffer = new byte[BUFFER];
        // commons-compress's stream, as the workbook's reader uses: it reads what the JDK's refuses (a stored entry
        // with a data descriptor, Zip64 descriptors as fastexcel and others write them)
        try (ZipArchiveInputStream in = new ZipArchiveInputStream(new ByteArrayInputStream(zip), "UTF-8", true, true);
                ZipOutputStream out = new ZipOutputStream(copy)) {
            for (ZipArchiveEntry entry = in.getNextEntry(); entry != null; entry = in.getNextEntry()) {
                if (++count > limits.entries()) {
                    throw new TooLarge("more than " + limits.entries() + " entries");
                }
                if (!names.add(entry.getName())) {
                    throw new IOException("entry " + entry.getName() + " twice");
                }
                out.putNextEntry(new ZipEntry(entry.getName()));
                total = copyWithin(in, out, buffer, total, limits);
                out.closeEntry();
            }
        }
        if (count == 0) {
            throw new IOException("no entries");
        }
        return copy.toByteArray();
    }

    /**
     * How many bytes the zip at {@code zip} unpacks to, every entry inflated and counted (never what a header
     * claims); past {@code most} it stops there.
     *
     * @throws TooLarge    past {@code most}
     * @throws IOException not a zip, or a broken one
     */
    public static long unpackedSize(Path zip, long most) throws IOException {
        long total = 0;
        byte[] buffer = new byte[BUFFER];
        try (ZipArchiveInputStream in =
                new ZipArchiveInputStream(new BufferedInputStream(Files.newInputStream(zip)), "UTF-8", true, true)) {
            for (ZipArchiveEntry entry = in.getNextEntry(); entry != null; entry = in.getNextEntry()) {
                for (int read = in.read(buffer); read > 0; read = in.read(buffer)) {
                    total += read;
                    if (total > most) {
                        throw new TooLarge("unpacks past " + most + " bytes");
                    }
                }
            }
        }
        return total;
    }

    private static long copyWithin(InputStream in, ZipOutputStream out, byte[] buffer, long total, Limits limits)
            throws IOException {
        for (int read = in.read(buffer); read > 0; read = in.read(buffer)) {
            total += read;
            if (total > limits.totalBytes()) {
                throw new TooLarge("unpacks past " + limits.totalBytes() + " bytes");
            }
            out.write(buffer, 0, read);
        }
        return total;
    }
}
