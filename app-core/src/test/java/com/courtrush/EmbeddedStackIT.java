package com.courtrush;

import com.courtrush.pay.LifecycleScenarios;
import com.courtrush.reserve.DeadLetterScenarios;
import com.courtrush.reserve.ReserveScenarios;
import com.courtrush.staff.StaffScenarios;
import com.courtrush.support.StackTest;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/** Every scenario on the embedded stack: redis-server child process, in-process Qpid, H2 file database. */
class EmbeddedStackIT extends StackTest
        implements ReserveScenarios, LifecycleScenarios, DeadLetterScenarios, StaffScenarios {

    @DynamicPropertySource
    static void embedded(DynamicPropertyRegistry registry) {
        try {
            String dataDir = Files.createTempDirectory("courtrush-it-").toString();
            registry.add("courtrush.infra.mode", () -> "embedded");
            registry.add("courtrush.data-dir", () -> dataDir);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
