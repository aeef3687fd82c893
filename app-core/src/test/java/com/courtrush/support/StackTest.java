package com.courtrush.support;

import com.courtrush.reserve.record.ReservationWriter;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.redisson.api.RedissonClient;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.autoconfigure.actuate.observability.AutoConfigureObservability;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.ApplicationContext;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.test.context.ContextConfiguration;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.context.bean.override.mockito.MockitoSpyBean;

/**
 * One running engine — real HTTP port, real Redis, broker and database — shared by every scenario
 * interface a stack test implements. Subclasses choose the stack with a {@code @DynamicPropertySource}.
 * {@link ReservationWriter} is a spy so scenarios can make the consumer fail on purpose.
 */
// meters exported as in production (a test context would keep only its in-memory registry): /actuator/prometheus
@AutoConfigureObservability(tracing = false)
@SpringBootTest(
        webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {
            "courtrush.admin-token=" + TestApi.ADMIN_TOKEN,
            "courtrush.auth.bcrypt-strength=4",
            // students sign in right after the scenarios' openings flash; holding their hashes is the mix's and
            // PasswordHashingTest's
            "courtrush.auth.sign-in-hold=0s",
            "courtrush.reserve.reconcile-horizon=3s",
            "courtrush.reserve.reconcile-interval=1h",
            "courtrush.reserve.payment-timeout-check-interval=1h",
            "courtrush.reserve.consumer-backoff=50ms",
            "courtrush.limits.per-student-per-minute=5",
            // the night's compaction answers requests "maintenance" for its moment: never at CI's hour of the gym's
            // night in the middle of a scenario (EmbeddedStackIT compacts when it asks)
            "courtrush.history.compact-cron=-",
            // the scenarios' robot listens on this machine: the webhook may post there as to an intranet robot, named
            // as written (localhost, [::1] and 2130706433 stay refused: NoticeChannelScenarios)
            "courtrush.notices.webhook-allow=127.0.0.1"
        })
// the engine reads the tests' clock (issue 83): a scenario sets the gym's hour instead of depending on CI's
@ContextConfiguration(initializers = TestClock.Install.class)
public abstract class StackTest implements StackAccess {

    /** Every stack's engine asks the WeChat Pay simulator, never WeChat Pay itself, once a scenario turns it on. */
    @DynamicPropertySource
    static void wechatPaySimulator(DynamicPropertyRegistry registry) {
        registry.add(
                "courtrush.pay.wechat-simulator-url",
                () -> PaySimulator.shared().baseUrl());
    }

    @LocalServerPort
    int port;

    @Autowired
    ApplicationContext context;

    @Autowired
    JdbcTemplate jdbc;

    @Autowired
    RedissonClient redisson;

    @MockitoSpyBean
    ReservationWriter writer;

    private TestApi api;
    private StockInvariants invariants;

    /** A scenario that set the gym's hour leaves the next one at the hour the class started at. */
    @AfterEach
    void clockBack() {
        TestClock.GYM.reset();
    }

    @BeforeEach
    void connect() {
        api = new TestApi(port);
        invariants = new StockInvariants(jdbc, redisson);
    }

    @Override
    public TestApi api() {
        return api;
    }

    @Override
    public JdbcTemplate jdbc() {
        return jdbc;
    }

    @Override
    public RedissonClient redisson() {
        return redisson;
    }

    @Override
    public StockInvariants invariants() {
        return invariants;
    }

    @Override
    public <T> T bean(Class<T> type) {
        return context.getBean(type);
    }
}
