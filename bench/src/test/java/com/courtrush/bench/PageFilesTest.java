package com.courtrush.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class PageFilesTest {

    @Test
    void thePageThenEveryFileItNamesOnceInItsOrder() {
        String page = """
                <link rel="icon" href="assets/icon.svg">
                <link rel="stylesheet" href="assets/app.css">
                <script type="module" src="assets/app.js"></script>
                <link rel="modulepreload" href="assets/api.js">
                <link rel="modulepreload" href="/assets/app.js">
                <link rel="modulepreload" href="./assets/dom.js">
                <a href="https://example.org/">elsewhere</a>
                """;

        assertThat(PageFiles.of(page))
                .containsExactly(
                        "/",
                        "/assets/icon.svg",
                        "/assets/app.css",
                        "/assets/app.js",
                        "/assets/api.js",
                        "/assets/dom.js");
    }

    @Test
    void thenTheModulesItsImportMapNamesThatThePageAsksForLater() {
        String page = """
                <script type="importmap">{"imports":{"./assets/api.js":"./assets/api.0123456789ab.js",\
                "./assets/courts.js":"./assets/courts.ba9876543210.js"}}</script>
                <script type="module" src="assets/app.5555aaaa5555.js"></script>
                <link rel="modulepreload" href="assets/api.0123456789ab.js">
                """;

        assertThat(PageFiles.of(page))
                .containsExactly(
                        "/",
                        "/assets/app.5555aaaa5555.js",
                        "/assets/api.0123456789ab.js",
                        "/assets/courts.ba9876543210.js");
    }

    @Test
    void aPageThatNamesNoFileIsNotTheStudentsPage() {
        assertThatThrownBy(() -> PageFiles.of("<html>nginx</html>")).hasMessageContaining("names no file");
    }
}
