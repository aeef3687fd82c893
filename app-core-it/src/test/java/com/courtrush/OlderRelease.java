package com.courtrush;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * The server of an older release (SPEC §23), as a campus installed it: built once from the commit CHANGELOG.md names
 * for it ({@code git archive} of this repository, then the Maven wrapper) and kept in {@code
 * ~/.cache/courtrush/releases/<commit>/app-core.jar} for the runs after, so that a rolling upgrade is tested against the
 * release itself, not a copy of today's code.
 */
final class OlderRelease {

    /** The commit each release was made from (CHANGELOG.md). */
    static final Map<String, String> COMMITS = Map.of("0.1.0", "e508124a1609aa0d56d10e228458ed9dc5199719");

    private OlderRelease() {}

    /** The release's server jar: from the cache, or built now (a few minutes, once per machine). */
    static Path serverJar(String version) throws IOException, InterruptedException {
        String commit = COMMITS.get(version);
        assertThat(commit).as("the commit of release %s", version).isNotNull();
        Path folder = Path.of(System.getProperty("user.home"), ".cache", "courtrush", "releases", commit);
        Path jar = folder.resolve("app-core.jar");
        Files.createDirectories(folder);
        try (FileChannel channel =
                        FileChannel.open(folder.resolve(".lock"), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
                FileLock ignored = channel.lock()) {
            if (!Files.isRegularFile(jar)) {
                build(commit, jar);
            }
        }
        return jar;
    }

    private static void build(String commit, Path jar) throws IOException, InterruptedException {
        Path repository = Path.of("..").toAbsolutePath().normalize();
        Path tree = Files.createTempDirectory("courtrush-release-");
        try {
            run(repository, "bash", "-o", "pipefail", "-c", "git archive " + commit + " | tar -x -C " + tree);
            List<String> maven = List.of(
                    "./mvnw",
                    "-B",
                    "-q",
                    "-DskipTests",
                    "-Dspotless.check.skip=true",
                    "package",
                    "-pl",
                    "app-core",
                    "-am");
            run(tree, maven.toArray(String[]::new));
            Path built = tree.resolve("app-core/target/app-core.jar");
            Path part = jar.resolveSibling("app-core.jar.part");
            Files.copy(built, part, StandardCopyOption.REPLACE_EXISTING);
            Files.move(part, jar, StandardCopyOption.ATOMIC_MOVE);
        } finally {
            try (Stream<Path> all = Files.walk(tree)) {
                all.sorted(Comparator.reverseOrder())
                        .forEach(path -> path.toFile().delete());
            }
        }
    }

    private static void run(Path in, String... command) throws IOException, InterruptedException {
        Process process = new ProcessBuilder(command)
                .directory(in.toFile())
                .redirectErrorStream(true)
                .start();
        String said = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor())
                .as("%s in %s said: %s", String.join(" ", command), in, said)
                .isZero();
    }
}
