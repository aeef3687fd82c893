package com.courtrush.desktop.shell;

import com.courtrush.CourtRushServer;
import com.courtrush.infra.lifecycle.EngineLifecycle;
import java.util.ArrayList;
import java.util.List;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

/** Starts the CourtRush engine — the same Spring context as the headless server — inside the console. */
public final class Engine {

    private Engine() {}

    /**
     * Starts it with the console's arguments, in {@code lifecycle}: the console's close and the JVM's
     * shutdown stop it through that, at any moment of its start. The engine's log also goes to
     * {@code <data-dir>/logs/console.log} unless {@code --logging.file.name} says otherwise.
     */
    public static ConfigurableApplicationContext start(EngineLifecycle lifecycle, List<String> args) {
        List<String> all = new ArrayList<>(args);
        if (all.stream().noneMatch(a -> a.startsWith("--logging.file.name"))) {
            all.add("--logging.file.name=${courtrush.data-dir}/logs/console.log");
        }
        return lifecycle.run(
                new SpringApplicationBuilder(CourtRushServer.class)
                        .headless(false)
                        .build(),
                all.toArray(String[]::new));
    }
}
