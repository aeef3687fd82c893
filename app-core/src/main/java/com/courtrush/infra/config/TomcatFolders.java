package com.courtrush.infra.config;

import java.nio.file.Path;
import org.springframework.boot.web.embedded.tomcat.TomcatServletWebServerFactory;
import org.springframework.boot.web.server.WebServerFactoryCustomizer;
import org.springframework.stereotype.Component;

/**
 * Tomcat's working folders live in the data directory ({@code <data-dir>/tomcat}), not in fresh
 * {@code /tmp/tomcat.<port>.*} and {@code tomcat-docbase.<port>.*} folders that an engine stopped
 * uncleanly (SIGKILL, a power loss) left behind at every start.
 */
@Component
class TomcatFolders implements WebServerFactoryCustomizer<TomcatServletWebServerFactory> {

    private final Path base;

    TomcatFolders(CourtRushProperties properties) {
        this.base = properties.dataDir().resolve("tomcat");
    }

    @Override
    public void customize(TomcatServletWebServerFactory factory) {
        Path documentRoot = base.resolve("docroot");
        DataDirectory.prepare(documentRoot);
        factory.setBaseDirectory(base.toFile());
        factory.setDocumentRoot(documentRoot.toFile());
    }
}
