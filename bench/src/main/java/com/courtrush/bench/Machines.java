package com.courtrush.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/** The machine the numbers were taken on. */
final class Machines {

    private Machines() {}

    static Report.Machine describe() {
        return new Report.Machine(
                System.getProperty("os.name") + " " + System.getProperty("os.version") + " "
                        + System.getProperty("os.arch"),
                cpuModel(),
                Runtime.getRuntime().availableProcessors(),
                memoryGib(),
                System.getProperty("java.vm.name") + " " + System.getProperty("java.version"));
    }

    private static String cpuModel() {
        return procLine(Path.of("/proc/cpuinfo"), "model name")
                .map(line -> line.substring(line.indexOf(':') + 1).trim())
                .orElse(System.getProperty("os.arch"));
    }

    private static double memoryGib() {
        return procLine(Path.of("/proc/meminfo"), "MemTotal:")
                .map(line -> Long.parseLong(line.replaceAll("\\D", "")) / 1024.0 / 1024.0)
                .orElse(-1.0);
    }

    private static Optional<String> procLine(Path file, String prefix) {
        if (!Files.isReadable(file)) {
            return Optional.empty();
        }
        try {
            List<String> lines = Files.readAllLines(file);
            return lines.stream().filter(l -> l.startsWith(prefix)).findFirst();
        } catch (IOException e) {
            return Optional.empty();
        }
    }
}
