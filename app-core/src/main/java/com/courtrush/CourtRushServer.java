package com.courtrush;

import com.courtrush.core.Release;
import com.courtrush.infra.lifecycle.EngineLifecycle;
import com.courtrush.infra.lifecycle.StoppedWhileStarting;
import com.courtrush.reserve.record.DrawReplay;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.properties.ConfigurationPropertiesScan;

/** The headless server: the engine plus the students' HTTP API, without the staff console. */
@SpringBootApplication
@ConfigurationPropertiesScan
public class CourtRushServer {

    public static void main(String[] args) {
        if (Release.asked(args)) {
            // which release this is (SPEC §23), without starting anything
            System.out.println(Release.current().line());
            return;
        }
        if (args.length > 0 && "verify-draw".equals(args[0])) {
            // re-runs a published fair draw (SPEC §13) without starting the engine
            System.exit(DrawReplay.run(java.util.Arrays.copyOfRange(args, 1, args.length), System.out));
        }
        try {
            new EngineLifecycle().run(new SpringApplication(CourtRushServer.class), args);
        } catch (StoppedWhileStarting stopped) {
            // SIGTERM or Ctrl+C while starting: said in the log, everything started is stopped, the JVM exits
        }
    }
}
