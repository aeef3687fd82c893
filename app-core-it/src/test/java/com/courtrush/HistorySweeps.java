package com.courtrush;

import static org.assertj.core.api.Assertions.assertThat;

import com.courtrush.core.Csv;
import com.courtrush.retention.HistoryRetention;
import com.courtrush.support.QueryCosts;
import com.courtrush.support.StackAccess;
import com.courtrush.support.TestApi;
import com.courtrush.support.Times;
import com.fasterxml.jackson.databind.JsonNode;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import javax.sql.DataSource;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;

/**
 * The history sweep of {@link HistoryCosts}' past, on the same engine and after every other test of it (it removes
 * some of what they read): what the settings say goes, into an archive first for the audit, and nothing else.
 */
interface HistorySweeps extends StackAccess {

    /**
     * History kept on purpose (SPEC §20): the sweep on this past removes what the settings say — notices, the outbox's
     * delivered rows, spent email codes, the audit (into a dated archive first, every entry it removed), the waits of
     * slots long played — and nothing else, each statement reading its batch; and the reports of the months it swept
     * say what they said before. A manager's sweep is a staff job (issue 77): answered 202 at once, followed to DONE
     * with the run as its result and its audit entry naming it; one that fails (the archive cannot be written) ends
     * FAILED with a message staff can quote, and removes none of the audit.
     */
    @Test
    @Order(Integer.MAX_VALUE) // last: it removes some of the past the others read
    default void theSweepRemovesWhatTheSettingsSayAndTheReportsStayExact() throws Exception {
        LocalDate last = HistoryCosts.plan.lastDay();
        String longAgo = "/admin/reports?from=" + last.minusDays(200) + "&to=" + last.minusDays(140);
        String month = "/admin/reports?from=" + last.minusDays(60) + "&to=" + last.minusDays(31);
        var reportsBefore = List.of(
                api().get(longAgo, TestApi.ADMIN_TOKEN).data(),
                api().get(month, TestApi.ADMIN_TOKEN).data());
        assertThat(reportsBefore.get(0).path("total").path("offersTaken").asInt())
                .isPositive();
        // the settings first: a change of them is audited too
        TestApi.expect(
                200,
                api().put(
                                "/admin/settings",
                                TestApi.ADMIN_TOKEN,
                                Map.of(
                                        "values",
                                        Map.of(
                                                "NOTICE_DAYS", "60",
                                                "OUTBOX_DAYS", "30",
                                                "EMAIL_CODE_DAYS", "7",
                                                "AUDIT_DAYS", "90",
                                                "WAIT_DAYS", "30"))));
        LocalDateTime now = Times.now();
        // kept for certain: 10 minutes inside the window (the sweep runs later by its own clock; rows crowd at 13:00)
        LocalDateTime noticesKept = now.minusDays(60).plusMinutes(10);
        LocalDateTime auditKept = now.minusDays(90).plusMinutes(10);
        long recentNotices = count("select count(*) from notice where create_time >= ?", noticesKept);
        long recentAudit = count("select count(*) from audit_log where create_time >= ?", auditKept);
        long liveWaits = count(
                "select count(*) from waitlist_entry w join time_slot s on s.id = w.slot_id "
                        + "where s.slot_date >= ? or w.live_user_id is not null",
                now.toLocalDate().minusDays(30));
        long oldAudit = count("select count(*) from audit_log where create_time < ?", now.minusDays(90));
        assertThat(oldAudit).isPositive();
        theSweepJobThatFailsSaysWhyAndRemovesNoneOfTheAudit(oldAudit, now);
        // the sweep cuts by its own clock, later than this one: the minutes between go too, many at a rush's hour (six
        // once, in CI at noon), so what it removed is told from the ids before and after
        java.util.Set<Long> auditBefore =
                new java.util.HashSet<>(jdbc().queryForList("select id from audit_log", Long.class));
        QueryCosts costs = bean(QueryCosts.class);
        costs.drain();
        List<String> archives = new ArrayList<>();
        JsonNode run;
        int runs = 0;
        do {
            JsonNode job = costs.during("retention sweep", this::sweepJob);
            assertThat(job.path("state").asText()).as("the job: %s", job).isEqualTo("DONE");
            assertThat(job.path("progress").path("done").asLong())
                    .as("every kind swept")
                    .isEqualTo(job.path("progress").path("total").asLong())
                    .isEqualTo(5);
            run = job.path("result");
            assertThat(run.path("skipped").isNull()).as("swept: %s", run).isTrue();
            assertThat(jdbc().queryForObject(
                                    "select concat(actor, ' ', target_type, ' ', target_id) from audit_log "
                                            + "where action = 'SWEEP_HISTORY' order by id desc limit 1",
                                    String.class))
                    .as("the sweep's audit entry names its job and who started it")
                    .isEqualTo("admin JOB " + job.path("id").asText());
            if (!run.path("archive").isNull()) {
                archives.add(run.path("archive").asText());
            }
            runs++;
        } while (run.path("more").asBoolean() && runs < 10);
        assertThat(run.path("more").asBoolean()).isFalse();

        assertThat(count("select count(*) from notice where create_time < ?", now.minusDays(60)))
                .isZero();
        assertThat(count("select count(*) from notice where create_time >= ?", noticesKept))
                .isEqualTo(recentNotices);
        assertThat(count("select count(*) from audit_log where create_time < ?", now.minusDays(90)))
                .isZero();
        assertThat(count(
                        "select count(*) from audit_log where action <> 'SWEEP_HISTORY' and create_time >= ?",
                        auditKept))
                .isEqualTo(recentAudit);
        assertThat(count(
                        "select count(*) from staff_alert where state <> 'PENDING' and create_time < ?",
                        now.minusDays(30)))
                .isZero();
        assertThat(count("select count(*) from email_code where expire_time < ?", now.minusDays(7)))
                .isZero();
        assertThat(count("select count(*) from waitlist_entry")).isEqualTo(liveWaits);
        // every removed audit entry is in the archive files, once
        List<Long> archived = new ArrayList<>();
        for (String file : archives) {
            try (var lines = new java.io.BufferedReader(new java.io.InputStreamReader(
                    new java.util.zip.GZIPInputStream(java.nio.file.Files.newInputStream(java.nio.file.Path.of(file))),
                    java.nio.charset.StandardCharsets.UTF_8))) {
                assertThat(lines.readLine())
                        .isEqualTo(Csv.BOM + "id,time,actor,actorRole,action,targetType,targetId,detail");
                lines.lines().forEach(line -> archived.add(Long.parseLong(line.substring(0, line.indexOf(',')))));
            }
        }
        // (a set: a set's removeAll of a shorter list asks the list whether it holds each)
        auditBefore.removeAll(new java.util.HashSet<>(jdbc().queryForList("select id from audit_log", Long.class)));
        assertThat(auditBefore.size()).as("removed by the sweep").isGreaterThanOrEqualTo((int) oldAudit);
        assertThat(archived.size()).as("entries archived").isEqualTo(auditBefore.size());
        assertThat(new java.util.HashSet<>(archived).equals(auditBefore))
                .as("the archives hold each removed entry once")
                .isTrue();
        assertThat(api().get(longAgo, TestApi.ADMIN_TOKEN).data())
                .as("a report of months swept")
                .isEqualTo(reportsBefore.get(0));
        assertThat(api().get(month, TestApi.ADMIN_TOKEN).data()).isEqualTo(reportsBefore.get(1));
        assertThat(api().get("/admin/retention", TestApi.ADMIN_TOKEN).data())
                .as("the last run, as staff read it")
                .isEqualTo(run);

        List<QueryCosts.Cost> sweep = QueryCosts.measure(bean(DataSource.class), costs.drain());
        assertThat(sweep.stream()
                        .filter(c -> c.executed().label().equals("retention sweep"))
                        .flatMap(c -> c.rowsByTable().entrySet().stream()
                                .filter(read -> read.getValue() > HistoryRetention.BATCH + 1)
                                .map(read -> HistoryCosts.describe(c) + " (" + read.getKey() + ": " + read.getValue()
                                        + ")")))
                .as("the sweep reads a batch at a time")
                .isEmpty();
    }

    /** A manager's sweep, answered at once with its job (RUNNING), followed until it ends: the job as it ended. */
    private JsonNode sweepJob() {
        TestApi.Reply accepted = api().post("/admin/retention/run", TestApi.ADMIN_TOKEN, Map.of());
        assertThat(accepted.status()).as("answered at once: %s", accepted).isEqualTo(202);
        assertThat(accepted.data().path("state").asText()).isEqualTo("RUNNING");
        assertThat(accepted.data().path("kind").asText()).isEqualTo("HISTORY_SWEEP");
        return api().followJob(accepted, TestApi.ADMIN_TOKEN, java.time.Duration.ofMinutes(3));
    }

    /** The audit's archive folder taken by a file: the job fails at the audit, says so, and removes none of it. */
    private void theSweepJobThatFailsSaysWhyAndRemovesNoneOfTheAudit(long oldAudit, LocalDateTime now)
            throws Exception {
        var properties = bean(com.courtrush.infra.config.CourtRushProperties.class);
        java.nio.file.Path folder =
                properties.history().archiveDirIn(properties.dataDir()).resolve("audit");
        assertThat(folder).as("no sweep archived yet").doesNotExist();
        java.nio.file.Files.createDirectories(folder.getParent());
        java.nio.file.Files.writeString(folder, "not a folder");
        try {
            JsonNode failed = sweepJob();
            assertThat(failed.path("state").asText()).as("the job: %s", failed).isEqualTo("FAILED");
            assertThat(failed.path("failure").asText())
                    .matches("The job failed on our side; the engine's log says why \\(reference [0-9a-f]{8}\\)\\.");
            assertThat(failed.path("result").isNull()).isTrue();
            assertThat(failed.path("endedAt").isNull()).isFalse();
            assertThat(failed.path("progress").path("done").asLong())
                    .as("the kinds before the audit swept")
                    .isEqualTo(3);
        } finally {
            java.nio.file.Files.delete(folder);
        }
        assertThat(count("select count(*) from audit_log where create_time < ?", now.minusDays(90)))
                .isEqualTo(oldAudit);
    }

    /** The one number a statement counts. */
    default long count(String sql, Object... args) {
        return jdbc().queryForObject(sql, Long.class, args);
    }
}
