package com.courtrush.support;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;

/** Unpacks a zip for a test (a release's data folder, Keycloak's distribution), refusing an entry outside the folder. */
public final class Zips {

    private Zips() {}

    /** Unpacks {@code zip} into {@code into}, made as needed; a file there already is replaced. */
    public static void unpack(InputStream zip, Path into) throws IOException {
        Path root = into.normalize();
        Files.createDirectories(root);
        try (ZipInputStream in = new ZipInputStream(zip)) {
            for (ZipEntry entry = in.getNextEntry(); entry != null; entry = in.getNextEntry()) {
                Path out = root.resolve(entry.getName()).normalize();
                if (!out.startsWith(root)) {
                    throw new IOException("a zip entry outside the folder: " + entry.getName());
                }
                if (entry.isDirectory()) {
                    Files.createDirectories(out);
                } else {
                    Files.createDirectories(out.getParent());
                    Files.copy(in, out, StandardCopyOption.REPLACE_EXISTING);
                }
            }
        }
    }
}
