package com.courtrush;

import static org.assertj.core.api.Assertions.assertThat;

import com.courtrush.history.HistoryFill;
import com.courtrush.history.HistoryPlan;
import com.courtrush.support.ExternalServices;
import com.courtrush.support.QueryCosts;
import com.courtrush.support.TestApi;
import com.courtrush.support.Times;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.util.List;
import java.util.Map;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * {@link HistoryCosts} on the machine's MariaDB/MySQL (a database of its own, written with the past before the
 * start, its statistics taken), Redis and RabbitMQ — on a campus's year ({@link HistoryPlan#year}: 40 courts, 30,000
 * students, about 1.2 million rows, written in half a minute): MariaDB's plans follow its estimates, and a smaller
 * gym's past hid a plan that read every slot of the year for a student's history (issue 77).
 */
@ExtendWith(ExternalServices.class)
@DirtiesContext
class ExternalHistoryCostIT extends HistoryCosts {

    static final String DATABASE = "courtrush_history";

    @DynamicPropertySource
    static void externalWithAPast(DynamicPropertyRegistry registry) {
        ExternalServices.registerOn(registry, DATABASE);
        fill(
                ExternalServices.jdbcUrl(DATABASE, "&rewriteBatchedStatements=true"),
                ExternalServices.mysqlUser(),
                ExternalServices.mysqlPassword(),
                HistoryPlan.year(Times.today()));
        try {
            String dataDir =
                    Files.createTempDirectory("courtrush-it-history-ext-").toString();
            registry.add("courtrush.data-dir", () -> dataDir);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * The plan check sees a planted regression: without idx_reservation_user_date a student's history, and the desk's
     * search by a surname or a given name's character, no longer start from it, and {@link HistoryCosts#undriven} says
     * so (the index is made again after).
     */
    @Test
    void aStudentsHistoryAndTheDesksNameSearchesStartFromTheirIndexAndTheCheckSeesItDropped() throws Exception {
        String regular = filled.regulars().get(0).studentId();
        String student = api().post("/auth/login", null, Map.of("studentId", regular, "password", HistoryFill.PASSWORD))
                .data()
                .path("token")
                .asText();
        QueryCosts costs = bean(QueryCosts.class);
        assertThat(undriven(asked(costs, student))).isEmpty();

        jdbc().execute("drop index idx_reservation_user_date on reservation");
        try {
            List<QueryCosts.Cost> without = asked(costs, student);
            assertThat(undriven(without))
                    .as("the history's statements without their index")
                    .anyMatch(plan -> plan.startsWith("my "));
            for (String search : nameSearches(plan.lastDay().minusDays(3)).keySet()) {
                assertThat(undriven(without))
                        .as("the desk's search without its index")
                        .anyMatch(plan -> plan.startsWith(search + " "));
            }
        } finally {
            jdbc().execute("create index idx_reservation_user_date on reservation (user_id, slot_date)");
        }
    }

    private List<QueryCosts.Cost> asked(QueryCosts costs, String student) throws Exception {
        costs.drain();
        costs.during("my bookings", () -> TestApi.expect(200, api().get("/reservations/mine", student)));
        costs.during(
                "my older bookings",
                () -> TestApi.expect(200, api().get("/reservations/mine/history?size=20", student)));
        for (var search : nameSearches(plan.lastDay().minusDays(3)).entrySet()) {
            costs.during(search.getKey(), () -> TestApi.expect(200, api().get(search.getValue(), TestApi.ADMIN_TOKEN)));
        }
        List<QueryCosts.Executed> asked = costs.drain().stream()
                .filter(e -> !e.label().startsWith("background"))
                .toList();
        assertThat(asked).extracting(QueryCosts.Executed::statementId).containsAll(DRIVEN_BY.keySet());
        return QueryCosts.measure(bean(DataSource.class), asked);
    }
}
