package com.courtrush.recurring;

import static org.assertj.core.api.Assertions.assertThat;

import com.courtrush.support.StackAccess;
import com.courtrush.support.TestApi;
import com.courtrush.support.Times;
import com.fasterxml.jackson.databind.JsonNode;
import java.time.LocalDate;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.JdbcTemplate;

/** Recurring openings: a rule becomes openings on its own, with closed dates, one-off changes and failures. */
public interface RecurringScenarios extends StackAccess {

    /** A rule for {@code court}: every day, the gate at 13:00 the day before, 20:00–22:00 in hour slots. */
    static Map<String, Object> dailyRule(String name, long court, int daysAhead) {
        Map<String, Object> rule = new HashMap<>(Map.of(
                "name",
                name,
                "daysAhead",
                daysAhead,
                "weekdays",
                List.of(1, 2, 3, 4, 5, 6, 7),
                "flashTime",
                "13:00",
                "flashDaysBefore",
                1,
                "perUserLimit",
                2,
                "courtIds",
                List.of(court),
                "startTime",
                "20:00",
                "endTime",
                "22:00",
                "durationMinutes",
                60));
        rule.put("capacity", 1);
        rule.put("priceCents", 2500);
        return rule;
    }

    /** How many slots, in how many openings, the court has on the date; their lowest price. */
    static int[] slotsOf(JdbcTemplate jdbc, long court, LocalDate date) {
        return jdbc.queryForObject(
                "select count(*), count(distinct session_id), coalesce(min(price_cents), -1) "
                        + "from time_slot where court_id = ? and slot_date = ?",
                (rs, n) -> new int[] {rs.getInt(1), rs.getInt(2), rs.getInt(3)},
                court,
                date);
    }

    @Test
    default void aDailyRuleMakesItsOpeningsOnItsOwnOnceEachWithClosedDatesChangesAndFailuresSaid() {
        String admin = TestApi.ADMIN_TOKEN;
        long court = api().createCourt();
        LocalDate today = Times.now().toLocalDate();
        long rule = TestApi.expect(200, api().post("/admin/rules", admin, dailyRule(TestApi.unique("daily"), court, 3)))
                .data()
                .path("id")
                .asLong();
        long clash = -1;
        try {
            // a holiday, and a day with a longer evening at another price
            TestApi.expect(
                    200,
                    api().put(
                                    "/admin/rules/" + rule + "/dates/" + today.plusDays(2),
                                    admin,
                                    Map.of("closed", true, "note", "sports day")));
            TestApi.expect(
                    200,
                    api().put(
                                    "/admin/rules/" + rule + "/dates/" + today.plusDays(3),
                                    admin,
                                    Map.of("startTime", "19:00", "priceCents", 3000)));

            api().post("/admin/rules/run", admin, null); // the engine's own minute may have run it already
            int[] tomorrow = slotsOf(jdbc(), court, today.plusDays(1));
            assertThat(tomorrow)
                    .as("tomorrow: one opening, its two slots at 25 yuan")
                    .containsExactly(2, 1, 2500);
            assertThat(slotsOf(jdbc(), court, today.plusDays(2)))
                    .as("the holiday")
                    .containsExactly(0, 0, -1);
            assertThat(slotsOf(jdbc(), court, today.plusDays(3)))
                    .as("the changed day")
                    .containsExactly(3, 1, 3000);
            assertThat(slotsOf(jdbc(), court, today.plusDays(4)))
                    .as("beyond three days ahead")
                    .containsExactly(0, 0, -1);

            JsonNode again = TestApi.expect(200, api().post("/admin/rules/run", admin, null))
                    .data();
            assertThat(again.findValuesAsText("ruleId"))
                    .as("nothing more to make")
                    .doesNotContain(Long.toString(rule));
            assertThat(slotsOf(jdbc(), court, today.plusDays(1))).containsExactly(2, 1, 2500);

            JsonNode plan = TestApi.expect(
                            200,
                            api().get("/admin/rules/" + rule + "/plan?from=" + today.plusDays(1) + "&days=4", admin))
                    .data();
            assertThat(plan.findValuesAsText("status")).containsExactly("CREATED", "CLOSED", "CREATED", "TO_COME");
            assertThat(plan.get(0).path("sessionId").asLong()).isPositive();
            assertThat(plan.get(0).path("flashAt").asText()).startsWith(today + "T13:00");
            assertThat(plan.get(3).path("madeOn").asText())
                    .isEqualTo(today.plusDays(1).toString());

            // a second rule on the same court and hours cannot make its openings: said, with why, once
            clash = TestApi.expect(200, api().post("/admin/rules", admin, dailyRule(TestApi.unique("clash"), court, 1)))
                    .data()
                    .path("id")
                    .asLong();
            JsonNode failed = TestApi.expect(200, api().post("/admin/rules/run", admin, null))
                    .data();
            List<String> outcomes = outcomesOf(failed, clash);
            assertThat(outcomes).contains("FAILED").doesNotContain("CREATED");
            assertThat(TestApi.expect(
                                    200,
                                    api().get(
                                                    "/admin/rules/" + clash + "/plan?from=" + today.plusDays(1)
                                                            + "&days=1",
                                                    admin))
                            .data()
                            .get(0)
                            .path("why")
                            .asText())
                    .contains("overlap");
            assertThat(outcomesOf(
                            TestApi.expect(200, api().post("/admin/rules/run", admin, null))
                                    .data(),
                            clash))
                    .as("a failure is not retried every minute")
                    .isEmpty();
            // moved to the morning, it is tried again and makes its own opening
            Map<String, Object> morning = dailyRule("morning", court, 1);
            morning.putAll(Map.of("startTime", "08:00", "endTime", "09:00"));
            TestApi.expect(200, api().put("/admin/rules/" + clash, admin, morning));
            assertThat(outcomesOf(
                            TestApi.expect(200, api().post("/admin/rules/run", admin, null))
                                    .data(),
                            clash))
                    .contains("CREATED")
                    .doesNotContain("FAILED");
            assertThat(slotsOf(jdbc(), court, today.plusDays(1)))
                    .as("two rules, two openings")
                    .containsExactly(3, 2, 2500);

            assertThat(api().post("/admin/rules", admin, Map.of("name", "no slots"))
                            .status())
                    .isEqualTo(400);
            assertThat(TestApi.expect(200, api().get("/admin/audit?targetType=RULE&targetId=" + rule, admin))
                            .data()
                            .path("records")
                            .findValuesAsText("action"))
                    .contains("CREATE_RULE", "CLOSE_RULE_DATE", "CHANGE_RULE_DATE", "RULE_OPENING");
        } finally {
            // rules outlive the test in a shared database: stop them
            TestApi.expect(200, api().post("/admin/rules/" + rule + "/active", admin, Map.of("active", false)));
            if (clash > 0) {
                TestApi.expect(200, api().post("/admin/rules/" + clash + "/active", admin, Map.of("active", false)));
            }
        }
    }

    private static List<String> outcomesOf(JsonNode results, long rule) {
        return java.util.stream.StreamSupport.stream(results.spliterator(), false)
                .filter(r -> r.path("ruleId").asLong() == rule)
                .map(r -> r.path("outcome").asText())
                .toList();
    }
}
