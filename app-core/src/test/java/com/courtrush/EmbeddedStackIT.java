package com.courtrush;

import static org.assertj.core.api.Assertions.assertThat;

import com.courtrush.pay.LifecycleScenarios;
import com.courtrush.reserve.DeadLetterScenarios;
import com.courtrush.reserve.ReserveScenarios;
import com.courtrush.staff.StaffScenarios;
import com.courtrush.support.EmbeddedStack;
import com.courtrush.support.StackTest;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/** Every scenario on the embedded stack: redis-server child process, in-process Qpid, H2 file database. */
class EmbeddedStackIT extends StackTest
        implements ReserveScenarios, LifecycleScenarios, DeadLetterScenarios, StaffScenarios {

    @Value("${courtrush.data-dir}")
    Path dataDir;

    /** Nothing of a test (or of a second install) lands in the user's own ~/.courtrush. */
    @Test
    void theDatabaseLivesInTheConfiguredDataDirectory() {
        assertThat(jdbc().queryForObject("select database_path()", String.class))
                .startsWith(dataDir.resolve("db").toString());
    }

    @DynamicPropertySource
    static void embedded(DynamicPropertyRegistry registry) {
        EmbeddedStack.register(registry, "courtrush-it-");
    }
}
