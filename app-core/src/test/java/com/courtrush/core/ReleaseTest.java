package com.courtrush.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** The release a build says it is (SPEC §23): its version from the build, its schema, and its changelog entry. */
class ReleaseTest {

    @Test
    void theBuildSaysItsSemanticVersionAndTheSchemaItBrings() throws IOException {
        Release release = Release.current();
        assertThat(release.version()).matches("\\d+\\.\\d+\\.\\d+(-[0-9A-Za-z.]+)?");
        assertThat(release.builtAt()).isNotEmpty();
        int newestScript;
        try (Stream<Path> scripts = Files.list(Path.of("..", "sql"))) {
            newestScript = scripts.map(file -> file.getFileName().toString())
                    .filter(name -> name.matches("V\\d+__.+\\.sql"))
                    .mapToInt(name -> Integer.parseInt(name.substring(1, name.indexOf("__"))))
                    .max()
                    .orElseThrow();
        }
        assertThat(release.schema()).isEqualTo(newestScript);
        assertThat(release.line()).isEqualTo("CourtRush " + release.version() + " (schema " + newestScript + ")");
    }

    @Test
    void theChangelogHasThisRelease() throws IOException {
        String changelog = Files.readString(Path.of("..", "CHANGELOG.md"));
        assertThat(changelog).contains("\n## [" + Release.current().version() + "] - ");
    }

    @Test
    void versionIsAskedWhereverItStandsOnTheCommandLine() {
        assertThat(Release.asked("--spring.config.additional-location=optional:file:/opt/x/", "--version"))
                .isTrue();
        assertThat(Release.asked("-V")).isTrue();
        assertThat(Release.asked("--server.port=8080")).isFalse();
        assertThat(Release.asked()).isFalse();
    }
}
