package com.courtrush.security;

import static org.assertj.core.api.Assertions.assertThat;

import com.courtrush.support.StackAccess;
import com.courtrush.support.TestApi;
import com.courtrush.support.TestApi.RawReply;
import com.courtrush.support.TestApi.Student;
import com.courtrush.support.Times;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The security suite over every operation of the OpenAPI document: who may call what (a matrix of
 * callers × operations, the expected access declared here per operation — an operation the document
 * has and this list does not fails the suite), and hostile inputs sent to every operation, which
 * must all be answered with the envelope and a 4xx, never a 5xx.
 */
public interface SecurityScenarios extends StackAccess {

    Logger LOG = LoggerFactory.getLogger(SecurityScenarios.class);

    /** Who may call an operation. */
    enum Access {
        /** anyone, without a token */
        PUBLIC,
        /** any signed-in account, and the admin token */
        SIGNED_IN,
        /** a signed-in account (not the admin token, which is nobody's) */
        ACCOUNT,
        /** a student, on their own records only */
        STUDENT,
        /** the record's student, or staff */
        OWNER_OR_STAFF,
        /** staff (a STAFF or MANAGER account, or the admin token) */
        STAFF,
        /** managers (a MANAGER account, or the admin token) */
        MANAGER
    }

    /** Every operation of the API and who may call it. A new endpoint must be added here. */
    Map<String, Access> ACCESS = Map.ofEntries(
            Map.entry("POST /auth/login", Access.PUBLIC),
            Map.entry("GET /auth/sign-in-hold", Access.PUBLIC),
            Map.entry("GET /ping", Access.PUBLIC),
            Map.entry("POST /auth/logout", Access.SIGNED_IN),
            Map.entry("GET /auth/me", Access.SIGNED_IN),
            Map.entry("GET /calendar", Access.SIGNED_IN),
            Map.entry("GET /slots", Access.SIGNED_IN),
            Map.entry("POST /auth/password", Access.ACCOUNT),
            Map.entry("POST /reserve", Access.STUDENT),
            Map.entry("POST /reserve/", Access.STUDENT),
            Map.entry("GET /reserve/result/{traceId}", Access.STUDENT),
            Map.entry("DELETE /reserve/{reservationId}", Access.STUDENT),
            Map.entry("GET /reservations/mine", Access.STUDENT),
            Map.entry("GET /reservations/{reservationId}/receipt.pdf", Access.STUDENT),
            Map.entry("GET /reservations/mine/history", Access.STUDENT),
            Map.entry("GET /admin/retention", Access.STAFF),
            Map.entry("POST /admin/retention/run", Access.MANAGER),
            Map.entry("POST /admin/retention/compact", Access.MANAGER),
            Map.entry("GET /venues", Access.PUBLIC),
            Map.entry("GET /admin/venues", Access.STAFF),
            Map.entry("POST /admin/venues", Access.MANAGER),
            Map.entry("PUT /admin/venues/{id}", Access.MANAGER),
            Map.entry("GET /admin/venues/{id}/prices", Access.STAFF),
            Map.entry("PUT /admin/venues/{id}/prices", Access.MANAGER),
            Map.entry("GET /admin/venues/staff", Access.STAFF),
            Map.entry("GET /admin/venues/desk", Access.STAFF),
            Map.entry("PUT /admin/venues/staff/{userId}", Access.MANAGER),
            Map.entry("GET /admin/venues/sports", Access.STAFF),
            Map.entry("GET /admin/closures", Access.STAFF),
            Map.entry("POST /admin/closures", Access.MANAGER),
            Map.entry("DELETE /admin/closures/{id}", Access.MANAGER),
            Map.entry("GET /admin/blocks", Access.STAFF),
            Map.entry("POST /admin/blocks", Access.MANAGER),
            Map.entry("POST /admin/blocks/{id}/skips/{day}", Access.MANAGER),
            Map.entry("DELETE /admin/blocks/{id}", Access.MANAGER),
            Map.entry("PUT /admin/venues/sports/{code}", Access.MANAGER),
            Map.entry("GET /admin/maintenance/upgrade", Access.STAFF),
            Map.entry("POST /admin/maintenance/upgrade", Access.MANAGER),
            Map.entry("DELETE /admin/maintenance/upgrade", Access.MANAGER),
            Map.entry("GET /admin/jobs", Access.STAFF),
            Map.entry("GET /admin/jobs/{id}", Access.STAFF),
            Map.entry("GET /reservations/standing", Access.STUDENT),
            Map.entry("GET /reservations/waits", Access.STUDENT),
            Map.entry("POST /reserve/waitlist", Access.STUDENT),
            Map.entry("DELETE /reserve/waitlist/{slotId}", Access.STUDENT),
            Map.entry("POST /reserve/offers/{slotId}/accept", Access.STUDENT),
            Map.entry("POST /reserve/offers/{slotId}/decline", Access.STUDENT),
            Map.entry("GET /reservations/{reservationId}/check-in", Access.STUDENT),
            Map.entry("GET /reservations/{reservationId}/check-in/state", Access.STUDENT),
            Map.entry("GET /admin/check-in", Access.STAFF),
            Map.entry("POST /admin/check-in/scan", Access.STAFF),
            Map.entry("POST /admin/check-in/{reservationId}", Access.STAFF),
            Map.entry("DELETE /admin/check-in/{reservationId}", Access.STAFF),
            Map.entry("GET /calendar/{key}.ics", Access.PUBLIC),
            Map.entry("GET /draws/{sessionId}", Access.PUBLIC),
            Map.entry("GET /reserve/draws/{sessionId}/entry", Access.STUDENT),
            Map.entry("GET /auth/options", Access.PUBLIC),
            Map.entry("GET /auth/campus", Access.PUBLIC),
            Map.entry("GET /auth/campus/start", Access.PUBLIC),
            Map.entry("GET /auth/campus/cas", Access.PUBLIC),
            Map.entry("POST /auth/campus/cas", Access.PUBLIC),
            Map.entry("GET /auth/campus/oidc", Access.PUBLIC),
            Map.entry("POST /auth/campus/oidc/logout", Access.PUBLIC),
            Map.entry("POST /auth/campus/token", Access.PUBLIC),
            Map.entry("POST /auth/campus/logout", Access.SIGNED_IN),
            Map.entry("GET /auth/wechat/start", Access.PUBLIC),
            Map.entry("GET /auth/wechat/return", Access.PUBLIC),
            Map.entry("POST /auth/wechat/token", Access.PUBLIC),
            Map.entry("POST /auth/wechat/bind", Access.STUDENT),
            Map.entry("GET /auth/wechat/binding", Access.STUDENT),
            Map.entry("DELETE /auth/wechat/binding", Access.STUDENT),
            Map.entry("DELETE /admin/wechat-bindings/{id}", Access.STAFF),
            Map.entry("GET /admin/campus-sign-in", Access.STAFF),
            Map.entry("PUT /admin/campus-sign-in", Access.MANAGER),
            Map.entry("POST /admin/campus-sign-in/try", Access.MANAGER),
            Map.entry("POST /auth/forgot", Access.PUBLIC),
            Map.entry("POST /auth/reset", Access.PUBLIC),
            Map.entry("GET /auth/email", Access.STUDENT),
            Map.entry("PUT /auth/email", Access.STUDENT),
            Map.entry("POST /auth/email/verify", Access.STUDENT),
            Map.entry("DELETE /auth/email", Access.STUDENT),
            Map.entry("GET /notices", Access.STUDENT),
            Map.entry("GET /notices/unread", Access.STUDENT),
            Map.entry("POST /notices/{id}/read", Access.STUDENT),
            Map.entry("POST /notices/read-all", Access.STUDENT),
            Map.entry("GET /notices/reminders", Access.STUDENT),
            Map.entry("PUT /notices/reminders/{sessionId}", Access.STUDENT),
            Map.entry("DELETE /notices/reminders/{sessionId}", Access.STUDENT),
            Map.entry("POST /reservations/{reservationId}/partners", Access.STUDENT),
            Map.entry("DELETE /reservations/{reservationId}/partners/{partnerId}", Access.STUDENT),
            Map.entry("GET /reservations/invitations", Access.STUDENT),
            Map.entry("POST /reservations/invitations/{partnerId}/accept", Access.STUDENT),
            Map.entry("POST /reservations/invitations/{partnerId}/decline", Access.STUDENT),
            Map.entry("GET /admin/notice-channels", Access.STAFF),
            Map.entry("PUT /admin/notice-channels/email", Access.MANAGER),
            Map.entry("PUT /admin/notice-channels/webhook", Access.MANAGER),
            Map.entry("POST /admin/notice-channels/email/test", Access.MANAGER),
            Map.entry("POST /admin/notice-channels/webhook/test", Access.MANAGER),
            Map.entry("POST /admin/notice-channels/secrets", Access.MANAGER),
            Map.entry("POST /admin/notice-channels/send-again", Access.MANAGER),
            Map.entry("GET /admin/staff-alerts", Access.STAFF),
            Map.entry("GET /notices/wechat", Access.STUDENT),
            Map.entry("POST /notices/wechat/consents", Access.STUDENT),
            Map.entry("GET /notices/wechat/js-config", Access.STUDENT),
            Map.entry("PUT /notices/wechat/muted", Access.STUDENT),
            Map.entry("GET /admin/wechat-notices", Access.STAFF),
            Map.entry("PUT /admin/wechat-notices", Access.MANAGER),
            Map.entry("POST /admin/wechat-notices/test", Access.MANAGER),
            Map.entry("GET /admin/wechat-notices/deliveries", Access.STAFF),
            Map.entry("POST /admin/wechat-notices/send-again", Access.MANAGER),
            Map.entry("GET /reservations/calendar", Access.STUDENT),
            Map.entry("POST /reservations/calendar", Access.STUDENT),
            Map.entry("DELETE /reservations/calendar", Access.STUDENT),
            Map.entry("GET /reservations/{reservationId}/calendar.ics", Access.STUDENT),
            Map.entry("GET /admin/walk-in", Access.STAFF),
            Map.entry("POST /admin/walk-in", Access.STAFF),
            Map.entry("POST /admin/reservations/{reservationId}/pay-at-desk", Access.STAFF),
            Map.entry("GET /admin/strikes", Access.STAFF),
            Map.entry("GET /admin/share", Access.STAFF),
            Map.entry("POST /admin/strikes/{strikeId}/forgive", Access.MANAGER),
            Map.entry("POST /pay/wechat/{reservationId}", Access.STUDENT),
            Map.entry("GET /pay/reservation/{reservationId}", Access.OWNER_OR_STAFF),
            Map.entry("POST /pay/reservation/{reservationId}/check", Access.OWNER_OR_STAFF),
            Map.entry("POST /pay/refund/{reservationId}", Access.OWNER_OR_STAFF),
            Map.entry("POST /pay/wechat/mock-success/{outTradeNo}", Access.STAFF),
            // WeChat Pay posts here: its signature, not a token, makes a notification count
            Map.entry("POST /pay/wechat/notify", Access.PUBLIC),
            Map.entry("GET /pay/mode", Access.SIGNED_IN),
            Map.entry("GET /admin/wechat-pay", Access.STAFF),
            Map.entry("PUT /admin/wechat-pay", Access.MANAGER),
            Map.entry("POST /admin/wechat-pay/try", Access.MANAGER),
            Map.entry("POST /admin/wechat-pay/reconciliations", Access.MANAGER),
            Map.entry("GET /admin/wechat-pay/reconciliations", Access.STAFF),
            Map.entry("GET /admin/wechat-pay/reconciliations/{id}", Access.STAFF),
            Map.entry("GET /admin/board", Access.STAFF),
            Map.entry("GET /admin/receipts", Access.STAFF),
            Map.entry("GET /admin/receipts/{receiptNo}", Access.STAFF),
            Map.entry("POST /admin/shifts", Access.STAFF),
            Map.entry("GET /admin/shifts", Access.STAFF),
            Map.entry("GET /admin/shifts/{id}", Access.STAFF),
            Map.entry("POST /admin/shifts/{id}/close", Access.STAFF),
            Map.entry("GET /admin/courts", Access.STAFF),
            Map.entry("POST /admin/courts", Access.STAFF),
            Map.entry("PUT /admin/courts/{id}", Access.STAFF),
            Map.entry("POST /admin/dead-letters/{traceId}/compensate", Access.STAFF),
            Map.entry("POST /admin/dead-letters/{traceId}/replay", Access.STAFF),
            Map.entry("GET /admin/monitor/queues", Access.STAFF),
            Map.entry("GET /admin/monitor/rush/{sessionId}", Access.STAFF),
            Map.entry("GET /admin/monitor/rush/{sessionId}/history", Access.STAFF),
            Map.entry("GET /admin/backups", Access.STAFF),
            Map.entry("POST /admin/backups", Access.STAFF),
            Map.entry("GET /admin/students", Access.STAFF),
            Map.entry("GET /admin/students/left-directory", Access.STAFF),
            Map.entry("POST /admin/students/{id}/password", Access.STAFF),
            Map.entry("POST /admin/students/{id}/active", Access.STAFF),
            Map.entry("POST /admin/students/{id}/category", Access.MANAGER),
            Map.entry("PUT /admin/slots/{id}", Access.STAFF),
            Map.entry("GET /admin/slots/{id}/withdrawal", Access.STAFF),
            Map.entry("POST /admin/slots/{id}/withdraw", Access.STAFF),
            Map.entry("POST /admin/slots/{id}/enable", Access.STAFF),
            Map.entry("POST /admin/slots/generate-days", Access.STAFF),
            Map.entry("GET /admin/audit", Access.STAFF),
            Map.entry("GET /admin/audit/export.csv", Access.STAFF),
            Map.entry("GET /admin/audit/export.xlsx", Access.STAFF),
            Map.entry("GET /admin/reservations/{id}", Access.STAFF),
            Map.entry("POST /admin/reconcile", Access.STAFF),
            Map.entry("GET /admin/reservations", Access.STAFF),
            Map.entry("POST /admin/reservations/{id}/cancel", Access.STAFF),
            Map.entry("POST /admin/reservations/{id}/refund", Access.STAFF),
            Map.entry("GET /admin/sessions", Access.STAFF),
            Map.entry("POST /admin/sessions", Access.STAFF),
            Map.entry("GET /admin/sessions/{id}", Access.STAFF),
            Map.entry("POST /admin/sessions/{id}/close", Access.STAFF),
            Map.entry("POST /admin/sessions/{id}/open", Access.STAFF),
            Map.entry("POST /admin/sessions/{id}/resync", Access.STAFF),
            Map.entry("POST /admin/sessions/{id}/slots/generate", Access.STAFF),
            Map.entry("POST /admin/sessions/{id}/warmup", Access.STAFF),
            Map.entry("POST /admin/students", Access.STAFF),
            Map.entry("GET /admin/staff", Access.MANAGER),
            Map.entry("POST /admin/staff", Access.MANAGER),
            Map.entry("POST /admin/staff/{id}/password", Access.MANAGER),
            Map.entry("POST /admin/staff/{id}/active", Access.MANAGER),
            Map.entry("POST /admin/staff/{id}/role", Access.MANAGER),
            Map.entry("GET /admin/settings", Access.STAFF),
            Map.entry("PUT /admin/settings", Access.MANAGER),
            Map.entry("GET /admin/reports", Access.STAFF),
            Map.entry("GET /admin/reports/report.csv", Access.STAFF),
            Map.entry("GET /admin/reports/reservations.csv", Access.STAFF),
            Map.entry("GET /admin/reports/pay-orders.csv", Access.STAFF),
            Map.entry("GET /admin/reports/report.xlsx", Access.STAFF),
            Map.entry("GET /admin/reports/reservations.xlsx", Access.STAFF),
            Map.entry("GET /admin/reports/pay-orders.xlsx", Access.STAFF),
            Map.entry("GET /admin/rules", Access.STAFF),
            Map.entry("POST /admin/rules", Access.STAFF),
            Map.entry("PUT /admin/rules/{id}", Access.STAFF),
            Map.entry("POST /admin/rules/{id}/active", Access.STAFF),
            Map.entry("GET /admin/rules/{id}/plan", Access.STAFF),
            Map.entry("PUT /admin/rules/{id}/dates/{date}", Access.STAFF),
            Map.entry("DELETE /admin/rules/{id}/dates/{date}", Access.STAFF),
            Map.entry("POST /admin/rules/run", Access.STAFF),
            Map.entry("POST /reserve/challenge", Access.STUDENT),
            Map.entry("POST /reserve/pass", Access.STUDENT));

    Pattern VARIABLE = Pattern.compile("\\{(\\w+)}");
    Set<Integer> DENIED = Set.of(401, 403);

    /** One operation of the document: its method and path template. */
    record Operation(String method, String path) {
        String key() {
            return method + " " + path;
        }

        boolean hasBody() {
            return !method.equals("GET") && !method.equals("DELETE");
        }
    }

    /** The records the calls refer to: one student's reservation, trace and pay order, an opening, a court. */
    record Fixture(
            Student owner,
            Student other,
            Student staff,
            long reservationId,
            String traceId,
            String outTradeNo,
            long sessionId,
            long courtId,
            long slotId) {

        String fill(String path) {
            Matcher variables = VARIABLE.matcher(path);
            StringBuilder filled = new StringBuilder();
            while (variables.find()) {
                variables.appendReplacement(
                        filled,
                        switch (variables.group(1)) {
                            case "reservationId" -> Long.toString(reservationId);
                            case "traceId" -> traceId;
                            case "outTradeNo" -> outTradeNo;
                            case "receiptNo" -> "RP" + outTradeNo;
                            case "sessionId" -> Long.toString(sessionId);
                            case "date", "day" -> LocalDate.now().plusDays(3).toString();
                            case "strikeId", "partnerId" -> "1";
                            case "userId" -> "999999";
                            case "key" -> "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA";
                            case "code" -> "TENNIS";
                            case "slotId" -> Long.toString(slotId);
                            case "id" ->
                                path.startsWith("/admin/courts")
                                        ? Long.toString(courtId)
                                        : path.startsWith("/admin/sessions")
                                                ? Long.toString(sessionId)
                                                : Long.toString(reservationId);
                            default ->
                                throw new AssertionError("no sample value for {" + variables.group(1) + "} in " + path);
                        });
            }
            variables.appendTail(filled);
            return filled.toString();
        }
    }

    @Test
    default void everyOperationIsDeclaredAndOnlyItsCallersGetThrough() {
        List<Operation> operations = operations();
        Set<String> documented = new TreeSet<>();
        operations.forEach(o -> documented.add(o.key()));
        assertThat(documented)
                .as("operations in the OpenAPI document without a declared access (add them to ACCESS)")
                .isSubsetOf(ACCESS.keySet());
        assertThat(ACCESS.keySet())
                .as("declared operations the document no longer has")
                .isSubsetOf(documented);

        Fixture fixture = fixture();
        List<String> wrong = new ArrayList<>();
        int calls = 0;
        for (Operation operation : operations) {
            Access access = ACCESS.get(operation.key());
            String path = fixture.fill(operation.path());
            // every caller gets a token of its own: a sign-out among the calls ends only that one
            Map<String, Integer> seen = new LinkedHashMap<>();
            seen.put("anonymous", call(operation, path, null));
            seen.put("owner", call(operation, path, fresh(fixture.owner())));
            seen.put("another student", call(operation, path, fresh(fixture.other())));
            seen.put("staff member", call(operation, path, fresh(fixture.staff())));
            seen.put("admin token", call(operation, path, TestApi.ADMIN_TOKEN));
            afterMaintenance(operation, seen.get("admin token"));
            calls += seen.size();
            boolean owned = operation.path().contains("{reservationId}")
                    || operation.path().contains("{traceId}");
            seen.forEach((caller, status) -> {
                if (!expected(access, owned, caller, status)) {
                    wrong.add(operation.key() + " as " + caller + " (" + access + "): " + status);
                }
            });
        }
        LOG.info("Security matrix: {} operations x 5 callers = {} calls", operations.size(), calls);
        assertThat(wrong).as("calls answered against the declared access").isEmpty();
    }

    @Test
    default void hostileInputsToEveryOperationAreAnsweredWithTheEnvelopeNeverA5xx() {
        Fixture fixture = fixture();
        Map<Integer, Integer> byStatus = new TreeMap<>();
        List<String> wrong = new ArrayList<>();
        ObjectMapper json = new ObjectMapper();
        List<Operation> operations = operations();
        for (Operation operation : operations) {
            Access access = ACCESS.get(operation.key());
            String token = switch (access) {
                case PUBLIC -> null;
                case STAFF, MANAGER -> TestApi.ADMIN_TOKEN;
                default -> fresh(fixture.owner());
            };
            for (Hostile hostile : Hostile.all(operation, fixture)) {
                RawReply reply;
                try {
                    reply = api().raw(operation.method(), hostile.path(), token, hostile.headers(), hostile.body());
                } catch (UncheckedIOException cut) {
                    if (!hostile.overLimit()) {
                        wrong.add(
                                operation.key() + " with " + hostile.what() + ": no answer (" + cut.getMessage() + ")");
                    }
                    byStatus.merge(0, 1, Integer::sum); // 0: the connection was cut
                    continue;
                }
                byStatus.merge(reply.status(), 1, Integer::sum);
                afterMaintenance(operation, reply.status());
                String problem = IN_THEIR_OWN_FORMAT.contains(operation.key())
                        ? wechatPayAnswer(reply, json)
                        : problem(reply, json);
                if (problem != null) {
                    wrong.add(operation.key() + " with " + hostile.what() + ": " + problem);
                }
                if ((operation.key().equals("POST /auth/logout")
                                || operation.key().equals("POST /auth/campus/logout"))
                        && reply.status() == 200
                        && token != null) {
                    token = fresh(fixture.owner()); // that one is signed out now
                }
            }
        }
        int total = byStatus.values().stream().mapToInt(Integer::intValue).sum();
        LOG.info(
                "Hostile inputs: {} requests to {} operations; answers by status (0: cut) {}",
                total,
                operations.size(),
                byStatus);
        assertThat(wrong)
                .as("hostile requests answered with a 5xx or outside the envelope")
                .isEmpty();
    }

    /** What was found when the service was tried as an attacker would (issue 17), each asked again. */
    @Test
    default void theHostileRequestsFoundBeforeAreRefusedInTheEnvelope() {
        Fixture fixture = fixture();
        String student = fresh(fixture.owner());
        Map<String, String> json = Map.of("Content-Type", "application/json");
        record Probe(String what, int expected, RawReply reply) {}
        List<Probe> probes = List.of(
                new Probe("GET /error", 404, api().raw("GET", "/error", null, Map.of(), null)),
                new Probe("liveness", 200, api().raw("GET", "/actuator/health/liveness", null, Map.of(), null)),
                new Probe(
                        "a 10,000-character query",
                        400,
                        api().raw("GET", "/ping?x=" + "a".repeat(10_000), null, Map.of(), null)),
                new Probe(
                        "a 20 KB header",
                        400,
                        api().raw("GET", "/ping", null, Map.of("X-Big", "b".repeat(20_000)), null)),
                new Probe("%00 in a path", 400, api().raw("GET", "/slots%00", student, Map.of(), null)),
                new Probe("..%2F in a path", 400, api().raw("GET", "/assets/..%2Fapp.js", null, Map.of(), null)),
                new Probe("%2e%2e in a path", 400, api().raw("GET", "/assets/%2e%2e/index.html", null, Map.of(), null)),
                new Probe(
                        "multipart without a boundary",
                        415,
                        api().raw(
                                        "POST",
                                        "/auth/login",
                                        null,
                                        Map.of("Content-Type", "multipart/form-data"),
                                        "x".getBytes(StandardCharsets.UTF_8))),
                new Probe(
                        "trailing JSON",
                        400,
                        api().raw(
                                        "POST",
                                        "/reserve/",
                                        student,
                                        json,
                                        ("{\"sessionId\":" + fixture.sessionId() + ",\"slotId\":1}{\"x\":1}")
                                                .getBytes(StandardCharsets.UTF_8))),
                new Probe("a hexadecimal id", 400, api().raw("GET", "/pay/reservation/0x10", student, Map.of(), null)),
                new Probe(
                        "a 300-byte reserve body",
                        413,
                        api().raw(
                                        "POST",
                                        "/reserve/",
                                        student,
                                        json,
                                        ("{\"sessionId\":1,\"slotId\":1" + " ".repeat(300) + "}")
                                                .getBytes(StandardCharsets.UTF_8))),
                new Probe(
                        "the same, through an encoded path",
                        413,
                        api().raw(
                                        "POST",
                                        "/%72eserve/",
                                        student,
                                        json,
                                        ("{\"sessionId\":1,\"slotId\":1" + " ".repeat(300) + "}")
                                                .getBytes(StandardCharsets.UTF_8))),
                new Probe(
                        "a reserve body of no declared length",
                        413,
                        api().rawChunked("POST", "/reserve/", student, json, new byte[300_000])),
                new Probe(
                        "NUL and RLO in a court name",
                        400,
                        api().raw(
                                        "POST",
                                        "/admin/courts",
                                        TestApi.ADMIN_TOKEN,
                                        json,
                                        "{\"courtName\":\"Court\\u0000 \\u202e1\"}".getBytes(StandardCharsets.UTF_8))),
                new Probe(
                        "a refund reason forging a log line",
                        400,
                        api().raw(
                                        "POST",
                                        "/pay/refund/" + fixture.reservationId(),
                                        student,
                                        json,
                                        "{\"reason\":\"ok\\n2026-01-01 ERROR forged\"}"
                                                .getBytes(StandardCharsets.UTF_8))),
                new Probe(
                        "an unterminated CSV quote",
                        400,
                        api().raw(
                                        "POST",
                                        "/admin/students",
                                        TestApi.ADMIN_TOKEN,
                                        Map.of("Content-Type", "text/csv"),
                                        "studentId,password,name\n\"s1,abcdef".getBytes(StandardCharsets.UTF_8))),
                new Probe(
                        "a 25-character Chinese password in an import",
                        400,
                        api().raw(
                                        "POST",
                                        "/admin/students",
                                        TestApi.ADMIN_TOKEN,
                                        json,
                                        ("{\"students\":[{\"studentId\":\"cn25\",\"password\":\"" + "汉".repeat(25)
                                                        + "\",\"name\":\"X\"}]}")
                                                .getBytes(StandardCharsets.UTF_8))),
                new Probe(
                        "and at sign-in",
                        401,
                        api().raw(
                                        "POST",
                                        "/auth/login",
                                        null,
                                        json,
                                        ("{\"studentId\":\"" + fixture.other().studentId() + "\",\"password\":\""
                                                        + "汉".repeat(25) + "\"}")
                                                .getBytes(StandardCharsets.UTF_8))),
                new Probe(
                        "signing the admin token out",
                        400,
                        api().raw("POST", "/auth/logout", TestApi.ADMIN_TOKEN, Map.of(), null)));
        ObjectMapper mapper = new ObjectMapper();
        List<String> wrong = new ArrayList<>();
        for (Probe probe : probes) {
            String problem = probe.expected() == 200 ? null : problem(probe.reply(), mapper);
            if (probe.reply().status() != probe.expected() || problem != null) {
                wrong.add(probe.what() + ": expected " + probe.expected() + ", got "
                        + probe.reply().status() + " "
                        + probe.reply()
                                .body()
                                .substring(0, Math.min(120, probe.reply().body().length())));
            }
        }
        assertThat(wrong).as("answers to the requests found before").isEmpty();
        TestApi.expect(200, api().get("/admin/courts", TestApi.ADMIN_TOKEN)); // the admin token still works
    }

    /**
     * The one exception to the envelope (SPEC §19): WeChat Pay's notifications are answered as WeChat Pay expects, by
     * one rule — 204 with no body when the engine is done with it (a hostile one is set aside, its reason audited), or
     * {@code {"code": "FAIL", "message": …}} with an error status only when WeChat Pay should send it again.
     */
    Set<String> IN_THEIR_OWN_FORMAT = Set.of("POST /pay/wechat/notify");

    private static String wechatPayAnswer(RawReply reply, ObjectMapper json) {
        if (reply.status() == 204 && reply.body().isEmpty()) {
            return null;
        }
        if (reply.status() < 500 && problem(reply, json) == null) {
            return null; // refused before it reached the notify path (headers the server refuses): the envelope
        }
        try {
            JsonNode body = json.readTree(reply.body());
            return reply.status() >= 400
                            && reply.status() < 500
                            && body != null
                            && "FAIL".equals(body.path("code").asText())
                            && body.has("message")
                    ? null
                    : reply.status() + " not WeChat Pay's format: " + reply.body();
        } catch (java.io.IOException e) {
            return reply.status() + " not JSON: " + reply.body();
        }
    }

    /** What an operation may answer instead of the envelope when it succeeds: the files it serves. */
    List<String> DOCUMENTS = List.of("text/calendar", "text/csv", com.courtrush.core.Xlsx.MEDIA_TYPE);

    private static String problem(RawReply reply, ObjectMapper json) {
        if (reply.status() >= 500) {
            return reply.status() + " " + reply.body();
        }
        if (reply.status() >= 300 && reply.status() < 400 && reply.body().isEmpty()) {
            return null; // a browser's navigation sent on (the campus sign-in's start and returns): nothing to wrap
        }
        if (reply.status() < 300 && DOCUMENTS.stream().anyMatch(reply.contentType()::startsWith)) {
            return null; // a document the caller may read (a booking's .ics), as asked: only refusals are envelopes
        }
        if (!reply.contentType().startsWith("application/json")) {
            return reply.status() + " " + reply.contentType() + " "
                    + reply.body().substring(0, Math.min(80, reply.body().length()));
        }
        try {
            JsonNode body = json.readTree(reply.body());
            return body != null && body.has("enumCode") && body.has("message")
                    ? null
                    : reply.status() + " not the envelope: " + reply.body();
        } catch (java.io.IOException e) {
            return reply.status() + " not JSON: " + reply.body();
        }
    }

    /** {@code owned}: the path names the owner's record, which no other student may reach. */
    private static boolean expected(Access access, boolean owned, String caller, int status) {
        if (status >= 500) {
            return false;
        }
        boolean denied = DENIED.contains(status);
        return switch (access) {
            case PUBLIC -> !denied;
            case SIGNED_IN -> caller.equals("anonymous") ? status == 401 : !denied;
            case ACCOUNT ->
                switch (caller) {
                    case "anonymous" -> status == 401;
                    case "admin token" -> status == 403;
                    default -> !denied;
                };
            case STUDENT ->
                switch (caller) {
                    case "anonymous" -> status == 401;
                    case "admin token", "staff member" -> status == 403;
                    case "another student" -> owned ? status == 403 || status == 404 : !denied;
                    default -> !denied;
                };
            case OWNER_OR_STAFF ->
                switch (caller) {
                    case "anonymous" -> status == 401;
                    case "another student" -> status == 403 || status == 404;
                    default -> !denied;
                };
            case STAFF ->
                switch (caller) {
                    case "anonymous" -> status == 401;
                    case "admin token", "staff member" -> !denied;
                    default -> status == 403;
                };
            case MANAGER ->
                switch (caller) {
                    case "anonymous" -> status == 401;
                    case "admin token" -> !denied;
                    default -> status == 403;
                };
        };
    }

    private List<Operation> operations() {
        JsonNode doc = TestApi.expect(200, api().get("/v3/api-docs", null)).body();
        assertThat(doc.path("info").path("title").asText()).isEqualTo("CourtRush API");
        assertThat(doc.path("components").path("securitySchemes").has("bearer")).isTrue();
        List<Operation> operations = new ArrayList<>();
        Iterator<Map.Entry<String, JsonNode>> paths = doc.path("paths").fields();
        while (paths.hasNext()) {
            Map.Entry<String, JsonNode> path = paths.next();
            path.getValue()
                    .fieldNames()
                    .forEachRemaining(method -> operations.add(new Operation(method.toUpperCase(), path.getKey())));
        }
        // a manager's compaction closes the embedded database for a moment, every request meanwhile told 503 to come
        // back: it goes last, and each one started is waited out (afterMaintenance)
        operations.sort(
                java.util.Comparator.comparing(operation -> operation.key().equals(COMPACTION)));
        return operations;
    }

    /** The operation that puts the node in maintenance on purpose. */
    String COMPACTION = "POST /admin/retention/compact";

    /** The operation that announces an upgrade: the node answers "maintenance" until it is called off. */
    String UPGRADE = "POST /admin/maintenance/upgrade";

    /**
     * After a compaction was started: until the node answers again (a maintenance ends within a minute). After an
     * upgrade was announced (none is refused near a rush then): called off at once, so the next operation is served.
     */
    private void afterMaintenance(Operation operation, int status) {
        if (operation.key().equals(UPGRADE) && status == 200) {
            TestApi.expect(200, api().delete("/admin/maintenance/upgrade", TestApi.ADMIN_TOKEN));
        }
        if (operation.key().equals(COMPACTION) && status == 202) {
            org.awaitility.Awaitility.await("the compaction's maintenance over")
                    .atMost(java.time.Duration.ofSeconds(60))
                    .until(() -> api().raw("GET", "/auth/options", null, Map.of(), null)
                                    .status()
                            != 503);
        }
    }

    private Fixture fixture() {
        List<Student> students = api().students(2);
        long court = api().createCourt();
        long session = api().createSession(Times.tomorrow(), Times.now(), 2);
        long slot = api().generateSlots(session, List.of(court), "06:00", "07:00", 60, 1)
                .get(0);
        String trace = TestApi.expect(202, api().reserve(students.get(0), session, slot))
                .data()
                .path("traceId")
                .asText();
        long reservation = api().awaitResult(students.get(0), trace, Times.SETTLE)
                .data()
                .path("reservationId")
                .asLong();
        String order = TestApi.expect(
                        200,
                        api().post("/pay/wechat/" + reservation, students.get(0).token(), null))
                .data()
                .path("outTradeNo")
                .asText();
        return new Fixture(
                students.get(0),
                students.get(1),
                api().staffMember("STAFF"),
                reservation,
                trace,
                order,
                session,
                court,
                slot);
    }

    private String fresh(Student student) {
        return TestApi.expect(
                        200,
                        api().post(
                                        "/auth/login",
                                        null,
                                        Map.of(
                                                "studentId",
                                                student.studentId(),
                                                "password",
                                                TestApi.passwordOf(student))))
                .data()
                .path("token")
                .asText();
    }

    /**
     * Bodies that pass an operation's own validation, for the manager-only operations whose request
     * has required fields: the manager check is the desk's ({@code @ManagerOnly}), after the request is
     * read, so an empty body would be answered 400 to anyone. Each is still refused to the admin token
     * by the service (an unknown setting, a student's role, a reason with a control character, a channel
     * with no server), so the matrix changes nothing.
     */
    Map<String, String> MANAGER_BODIES = Map.of(
            "PUT /admin/notice-channels/email", "{\"enabled\":true}",
            "PUT /admin/notice-channels/webhook", "{\"enabled\":true}",
            "PUT /admin/campus-sign-in", "{\"enabled\":false}",
            "POST /admin/campus-sign-in/try", "{\"enabled\":false}",
            "PUT /admin/settings", "{\"values\":{\"NO_SUCH_SETTING\":\"1\"}}",
            "POST /admin/staff", "{\"staffId\":\"matrix1\",\"name\":\"M\",\"password\":\"x\",\"role\":\"STUDENT\"}",
            "POST /admin/staff/{id}/password", "{\"password\":\"x\"}",
            "POST /admin/staff/{id}/active", "{\"active\":true}",
            "POST /admin/staff/{id}/role", "{\"role\":\"STUDENT\"}",
            "POST /admin/strikes/{strikeId}/forgive", "{\"reason\":\"matrix\\u0007\"}");

    private int call(Operation operation, String path, String token) {
        byte[] body = operation.hasBody()
                ? MANAGER_BODIES.getOrDefault(operation.key(), "{}").getBytes(StandardCharsets.UTF_8)
                : null;
        Map<String, String> headers = body == null ? Map.of() : Map.of("Content-Type", "application/json");
        return api().raw(operation.method(), path, token, headers, body).status();
    }
}
