package com.courtrush.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Resident memory of a process from Linux {@code /proc/<pid>/status}; -1 elsewhere. */
final class ProcMemory {

    private ProcMemory() {}

    static double peakRssMib(long pid) {
        return field(pid, "VmHWM:");
    }

    static double rssMib(long pid) {
        return field(pid, "VmRSS:");
    }

    private static double field(long pid, String name) {
        Path status = Path.of("/proc", Long.toString(pid), "status");
        if (!Files.isReadable(status)) {
            return -1;
        }
        try {
            for (String line : Files.readAllLines(status)) {
                if (line.startsWith(name)) {
                    String kib = line.substring(name.length()).trim().split("\\s+")[0];
                    return Long.parseLong(kib) / 1024.0;
                }
            }
            return -1;
        } catch (IOException | NumberFormatException e) {
            return -1;
        }
    }
}
