package com.courtrush.history;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.function.Consumer;

/**
 * Writes a gym's past into CourtRush's database (its schema made by the engine's migrations, on H2 in MySQL mode or
 * MySQL/MariaDB): for each day of the {@link HistoryPlan}, a closed opening and its slots; the bookings won at the
 * opening and what became of each — paid, checked in, a no-show and its strike, refunded, cancelled, timed out,
 * compensated — with their pay orders and refunds; places given back and booked again, partly from the waitlist;
 * partners; the students' notices and emails; reminders; the staff's alerts; and the audit trail (sign-ins,
 * check-ins, the engine's jobs). The rows are as the engine writes them, with their times in the past, so that
 * every screen, report and sweep reads them as its own.
 *
 * <p>Written table by table in JDBC batches, one transaction a day: a year (1.2 million rows) takes tens of seconds.
 * The engine must not be running on an embedded (H2 file) database while this writes to it; on MySQL it may, but
 * its caches then do not know the new courts and students until it starts again.
 */
public final class HistoryFill {

    /** The students' password in a filled history. */
    public static final String PASSWORD = "history-pass";
    /** {@link #PASSWORD} as BCrypt (cost 10) keeps it: one hash for every student, so filling costs no hashing. */
    private static final String PASSWORD_HASH = "$2a$10$jjB9iGaJk/aAgCOVQ04PuecPvty5GqFdwXclYBDdkQ.hAHbq9FTYu";

    private static final int PRICE_CENTS = 2000;
    private static final LocalTime FLASH = LocalTime.of(13, 0);
    private static final DateTimeFormatter WHEN = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm");
    private static final int REMINDED_PER_OPENING = 20;
    private static final int REMINDED_BEFORE_MINUTES = 5;

    private final Connection connection;
    private final HistoryPlan plan;
    private final SplittableRandom random;
    private final Players players;
    private final Consumer<String> progress;

    private long[] studentIds;
    private String[] studentNumbers;
    private String[] emails;
    private long[] courtIds;
    private boolean bookingDates;

    private Rows courts;
    private Rows accounts;
    private Rows sessions;
    private Rows slots;
    private Rows reservations;
    private Rows payOrders;
    private Rows refunds;
    private Rows strikes;
    private Rows partners;
    private Rows waits;
    private Rows notices;
    private Rows audit;
    private Rows feeds;
    private Rows codes;
    private Rows reminders;
    private Rows alerts;

    private HistoryFill(Connection connection, HistoryPlan plan, Consumer<String> progress) {
        this.connection = connection;
        this.plan = plan;
        this.random = new SplittableRandom(plan.seed());
        this.players = new Players(plan.students());
        this.progress = progress;
    }

    /**
     * Writes the plan's history through {@code connection} (its auto-commit is switched off, one commit a day, and put
     * back); {@code progress} hears a line now and then.
     */
    public static FilledHistory fill(Connection connection, HistoryPlan plan, Consumer<String> progress)
            throws SQLException {
        boolean autoCommit = connection.getAutoCommit();
        connection.setAutoCommit(false);
        long start = System.nanoTime();
        HistoryFill fill = new HistoryFill(connection, plan, progress);
        try {
            fill.open();
            fill.people();
            for (int day = 0; day < plan.days(); day++) {
                fill.day(plan.firstDay().plusDays(day));
                if ((day + 1) % 30 == 0 || day + 1 == plan.days()) {
                    progress.accept(String.format("history: %d of %d days written", day + 1, plan.days()));
                }
            }
            fill.releaseAll();
            connection.commit();
            return fill.filled(Duration.ofNanos(System.nanoTime() - start));
        } catch (SQLException | RuntimeException e) {
            connection.rollback();
            throw e;
        } finally {
            fill.close();
            connection.setAutoCommit(autoCommit);
        }
    }

    private void open() throws SQLException {
        courts = Rows.withIds(connection, "court", "id", "name", "active", "active_name", "create_time", "update_time");
        accounts = Rows.withIds(
                connection,
                "user_account",
                "id",
                "student_id",
                "display_name",
                "password_hash",
                "role",
                "active",
                "token_generation",
                "origin",
                "email",
                "email_verified_time",
                "create_time",
                "update_time");
        sessions = Rows.withIds(
                connection,
                "reserve_session",
                "id",
                "session_date",
                "flash_time",
                "warmup_lead_minutes",
                "per_user_limit",
                "state",
                "booking_pass",
                "draw_window_ms",
                "create_time",
                "update_time");
        slots = Rows.withIds(
                connection,
                "time_slot",
                "id",
                "session_id",
                "court_id",
                "slot_date",
                "start_time",
                "end_time",
                "capacity",
                "booked",
                "price_cents",
                "active",
                "create_time",
                "update_time");
        // a booking keeps its play date from schema version 23 on; a fill of an older engine's database writes none
        bookingDates = hasColumn("reservation", "slot_date");
        List<String> bookingColumns = new ArrayList<>(List.of(
                "id",
                "trace_id",
                "user_id",
                "slot_id",
                "session_id",
                "status",
                "cancel_reason",
                "holder_id",
                "checked_in_time",
                "checked_in_by",
                "create_time",
                "update_time"));
        if (bookingDates) {
            bookingColumns.add("slot_date");
        }
        reservations = Rows.withIds(connection, "reservation", bookingColumns.toArray(String[]::new));
        payOrders = Rows.withIds(
                connection,
                "pay_order",
                "id",
                "out_trade_no",
                "reservation_id",
                "channel",
                "amount_cents",
                "status",
                "expire_time",
                "paid_time",
                "refund_time",
                "refunded_cents",
                "create_time",
                "update_time");
        refunds = Rows.withIds(
                connection,
                "pay_refund",
                "id",
                "out_refund_no",
                "pay_order_id",
                "reservation_id",
                "amount_cents",
                "whole",
                "status",
                "reason",
                "actor",
                "success_time",
                "create_time",
                "update_time");
        strikes = Rows.withIds(
                connection,
                "no_show_strike",
                "id",
                "user_id",
                "reservation_id",
                "struck_time",
                "forgiven_time",
                "forgiven_by",
                "forgive_reason",
                "create_time",
                "update_time");
        partners = Rows.withIds(
                connection,
                "booking_partner",
                "id",
                "reservation_id",
                "partner_student_id",
                "partner_user_id",
                "status",
                "create_time",
                "answer_time",
                "asks",
                "ask_time");
        waits = Rows.withIds(
                connection,
                "waitlist_entry",
                "id",
                "session_id",
                "slot_id",
                "user_id",
                "status",
                "offered_time",
                "offer_expires",
                "ended_time",
                "trace_id",
                "create_time",
                "update_time");
        notices = Rows.withIds(
                connection,
                "notice",
                "id",
                "message_id",
                "user_id",
                "kind",
                "reservation_id",
                "slot_id",
                "params",
                "create_time",
                "read_time",
                "email_to",
                "email_state",
                "email_attempts",
                "email_sent_time");
        audit = Rows.withIds(
                connection,
                "audit_log",
                "id",
                "actor",
                "action",
                "target_type",
                "target_id",
                "detail",
                "create_time",
                "update_time");
        feeds = new Rows(connection, "calendar_feed", "user_id", "key_hash", "create_time", "read_time");
        codes = new Rows(
                connection,
                "email_code",
                "user_id",
                "purpose",
                "email",
                "code_hash",
                "expire_time",
                "attempts",
                "create_time");
        reminders = new Rows(connection, "opening_reminder", "user_id", "session_id", "create_time", "sent_time");
        alerts = Rows.withIds(
                connection,
                "staff_alert",
                "id",
                "message_id",
                "kind",
                "params",
                "create_time",
                "state",
                "attempts",
                "next_time",
                "sent_time");
    }

    private boolean hasColumn(String table, String column) {
        try (Statement statement = connection.createStatement()) {
            statement
                    .executeQuery("select " + column + " from " + table + " where 1 = 0")
                    .close();
            return true;
        } catch (SQLException noSuchColumn) {
            return false;
        }
    }

    /** The courts, the students (a fifth with a verified email), their calendar feeds and old email codes. */
    private void people() throws SQLException {
        LocalDateTime opened = plan.firstDay().minusDays(7).atTime(9, 0);
        courtIds = new long[plan.courts()];
        for (int i = 0; i < plan.courts(); i++) {
            courtIds[i] = courts.nextId();
            String name = String.format("History court %02d", i + 1);
            courts.add(courtIds[i], name, true, name, opened, opened);
        }
        courts.flush();
        studentIds = new long[plan.students()];
        studentNumbers = new String[plan.students()];
        emails = new String[plan.students()];
        for (int i = 0; i < plan.students(); i++) {
            studentIds[i] = accounts.nextId();
            studentNumbers[i] = String.format("h%06d", i + 1);
            emails[i] = i % 5 == 0 ? studentNumbers[i] + "@campus.example" : null;
            LocalDateTime joined = opened.plusMinutes(i % 600);
            accounts.add(
                    studentIds[i],
                    studentNumbers[i],
                    Names.of(i),
                    PASSWORD_HASH,
                    "STUDENT",
                    true,
                    0,
                    "LOCAL",
                    emails[i],
                    emails[i] == null ? null : joined.plusDays(1),
                    joined,
                    joined);
            if (i % 1000 == 999) {
                accounts.flush();
            }
        }
        accounts.flush();
        for (int i = 0; i < plan.students(); i++) {
            if (i % 10 == 3) {
                LocalDateTime made = opened.plusDays(random.nextInt(Math.max(1, plan.days())));
                feeds.add(
                        studentIds[i],
                        sha256("feed " + plan.seed() + " " + i),
                        made,
                        plan.lastDay().atTime(6, 0));
            }
            if (emails[i] != null && i % 30 == 0) {
                LocalDateTime sent = opened.plusDays(1);
                codes.add(studentIds[i], "VERIFY", emails[i], sha256("code " + i), sent.plusMinutes(15), 0, sent);
            }
        }
        feeds.flush();
        codes.flush();
        connection.commit();
        progress.accept(String.format(
                "history: %d courts and %,d students written (password %s)", plan.courts(), plan.students(), PASSWORD));
    }

    /** One day: its opening, slots, bookings and everything that followed them. */
    private void day(LocalDate date) throws SQLException {
        players.newDay();
        LocalDateTime flash = date.minusDays(1).atTime(FLASH);
        // what this day makes happens from its opening's reminders on: what the days before made earlier is numbered
        for (Rows timed : List.of(notices, audit, alerts)) {
            timed.release(flash.minusMinutes(REMINDED_BEFORE_MINUTES));
        }
        long sessionId = sessions.nextId();
        sessions.add(sessionId, date, flash, 5, 2, "CLOSED", false, 0, flash.minusDays(2), date.atTime(23, 0));
        for (int hour = plan.firstHour(); hour < plan.lastHour(); hour++) {
            for (long courtId : courtIds) {
                slot(sessionId, courtId, date, hour, flash);
            }
        }
        for (int i = 0; i < REMINDED_PER_OPENING; i++) {
            reminded(sessionId, date, flash, i);
        }
        alerts.addAt(
                flash.plusSeconds(41),
                "SOLD_OUT:history-" + sessionId,
                "SOLD_OUT",
                "{\"opening\":\"" + sessionId + "\",\"after\":\"41s\"}",
                flash.plusSeconds(41),
                "SENT",
                1,
                flash.plusSeconds(41),
                flash.plusSeconds(42));
        for (Rows table : inForeignKeyOrder()) {
            table.flush();
        }
        connection.commit();
    }

    private void releaseAll() throws SQLException {
        for (Rows timed : List.of(notices, audit, alerts)) {
            timed.release(LocalDateTime.MAX);
            timed.flush();
        }
    }

    private List<Rows> inForeignKeyOrder() {
        return List.of(
                sessions,
                slots,
                reservations,
                payOrders,
                refunds,
                strikes,
                partners,
                waits,
                notices,
                audit,
                reminders,
                alerts);
    }

    /**
     * A slot, and its booking if it was won: what became of it, and whether its place came back and was booked again
     * (from the waitlist or at the next look).
     */
    private void slot(long sessionId, long courtId, LocalDate date, int hour, LocalDateTime flash) throws SQLException {
        long slotId = slots.nextId();
        LocalDateTime start = date.atTime(hour, 0);
        int booked = 0;
        List<Integer> waiting = new ArrayList<>();
        if (random.nextDouble() < plan.booked()) {
            int booker = players.book(random, hour);
            if (booker >= 0) {
                if (random.nextDouble() < 0.08) {
                    for (int w = 1 + random.nextInt(3); w > 0; w--) {
                        waiting.add(players.any(random));
                    }
                }
                LocalDateTime won = flash.plusSeconds(1 + random.nextInt(40));
                Outcome outcome = Outcome.draw(random);
                booking(booker, sessionId, slotId, start, won, outcome);
                if (outcome.active()) {
                    booked = 1;
                } else if (outcome.releases()) {
                    players.release(booker, hour);
                    if (random.nextDouble() < 0.55) {
                        booked = rebook(sessionId, slotId, hour, start, won, waiting);
                    }
                }
            }
        }
        for (int waiter : waiting) {
            waited(waiter, sessionId, slotId, start, flash, "CLOSED", null);
        }
        slots.add(
                slotId,
                sessionId,
                courtId,
                date,
                LocalTime.of(hour, 0),
                LocalTime.of(hour + 1, 0),
                1,
                booked,
                PRICE_CENTS,
                true,
                flash.minusDays(1),
                start.plusHours(1));
    }

    /** A place given back is booked again: by the first waiter (an offer taken), or by whoever looked next. */
    private int rebook(
            long sessionId, long slotId, int hour, LocalDateTime start, LocalDateTime won, List<Integer> waiting)
            throws SQLException {
        int student = players.book(random, hour);
        if (student < 0) {
            return 0;
        }
        LocalDateTime again = won.plusMinutes(20 + random.nextInt(600));
        if (again.isAfter(start.minusMinutes(30))) {
            again = start.minusMinutes(30);
        }
        long reservationId = booking(student, sessionId, slotId, start, again, Outcome.PLAYED);
        if (!waiting.isEmpty()) {
            waiting.remove(0);
            waited(student, sessionId, slotId, start, again.minusMinutes(5), "TAKEN", traceOf(reservationId));
        }
        return 1;
    }

    /** A booking, its payment and what followed; answers its id. */
    private long booking(
            int student, long sessionId, long slotId, LocalDateTime start, LocalDateTime made, Outcome outcome)
            throws SQLException {
        long id = reservations.nextId();
        long userId = studentIds[student];
        LocalDateTime payBy = made.plusMinutes(15);
        LocalDateTime ended = outcome.endedAt(made, start, random);
        LocalDateTime checkedIn = outcome == Outcome.PLAYED ? start.minusMinutes(1 + random.nextInt(20)) : null;
        List<Object> row = new ArrayList<>(Arrays.asList(
                id,
                traceOf(id),
                userId,
                slotId,
                sessionId,
                outcome.status(),
                outcome.cancelReason(),
                outcome.active() ? userId : null,
                checkedIn,
                checkedIn == null ? null : "staff:desk01",
                made,
                ended));
        if (bookingDates) {
            row.add(start.toLocalDate());
        }
        reservations.add(row.toArray());
        if (outcome == Outcome.COMPENSATED) {
            audit("system:reconciler", "COMPENSATE", "TRACE", traceOf(id), "released", ended);
            return id;
        }
        aboutBooking("WON", student, id, slotId, "{\"payBy\":\"" + WHEN.format(payBy) + "\"}", made);
        audit("student:" + studentNumbers[student], "SIGN_IN", "USER", studentNumbers[student], "LOCAL", made);
        if (outcome.paid()) {
            LocalDateTime paid = made.plusMinutes(1 + random.nextInt(10));
            long orderId = payOrders.nextId();
            String outTradeNo = "H" + orderId;
            boolean refunded = outcome == Outcome.REFUNDED;
            payOrders.add(
                    orderId,
                    outTradeNo,
                    id,
                    "WECHAT",
                    PRICE_CENTS,
                    refunded ? "REFUNDED" : "SUCCESS",
                    payBy,
                    paid,
                    refunded ? ended : null,
                    refunded ? PRICE_CENTS : 0,
                    made.plusMinutes(1),
                    refunded ? ended : paid);
            aboutBooking("PAID", student, id, slotId, "{\"order\":\"" + outTradeNo + "\"}", paid);
            if (refunded) {
                String refundNo = "HR" + orderId;
                refunds.add(
                        refunds.nextId(),
                        refundNo,
                        orderId,
                        id,
                        PRICE_CENTS,
                        true,
                        "SUCCESS",
                        null,
                        "student:" + studentNumbers[student],
                        ended,
                        ended,
                        ended);
                notice(
                        "REFUNDED:" + refundNo,
                        student,
                        "REFUNDED",
                        id,
                        slotId,
                        "{\"amount\":\"20.00\",\"reason\":\"\"}",
                        ended);
                audit("student:" + studentNumbers[student], "REFUND", "RESERVATION", id, "20.00", ended);
            }
        } else if (outcome != Outcome.CANCELLED_BY_STAFF && random.nextBoolean()) {
            long orderId = payOrders.nextId();
            payOrders.add(
                    orderId, "H" + orderId, id, "WECHAT", PRICE_CENTS, "CLOSED", payBy, null, null, 0, made, ended);
        }
        switch (outcome) {
            case PLAYED -> {
                audit("staff:desk01", "CHECK_IN", "RESERVATION", id, studentNumbers[student], checkedIn);
                if (random.nextDouble() < 0.08) {
                    partnered(student, id, slotId, made);
                }
            }
            case NO_SHOW -> {
                strikes.add(
                        strikes.nextId(),
                        userId,
                        id,
                        ended,
                        random.nextDouble() < 0.1 ? ended.plusDays(1) : null,
                        null,
                        null,
                        ended,
                        ended);
                aboutBooking("NO_SHOW", student, id, slotId, "{}", ended);
                audit("system:no-show", "NO_SHOW", "RESERVATION", id, "15", ended);
            }
            case TIMED_OUT -> {
                aboutBooking(
                        "PAY_DUE",
                        student,
                        id,
                        slotId,
                        "{\"payBy\":\"" + WHEN.format(payBy) + "\"}",
                        payBy.minusMinutes(3));
                aboutBooking("TIMED_OUT", student, id, slotId, "{}", ended);
                audit("system:pay-timeout", "CANCEL_TIMEOUT", "RESERVATION", id, "15", ended);
            }
            case CANCELLED_BY_STAFF -> {
                aboutBooking("CANCELLED_BY_STAFF", student, id, slotId, "{\"reason\":\"court repair\"}", ended);
                audit("staff:desk01", "CANCEL", "RESERVATION", id, "court repair", ended);
            }
            default -> {
                // cancelled by the student, or refunded (above): nothing more
            }
        }
        return id;
    }

    /** A partner named on a played booking, who accepted, declined or was withdrawn. */
    private void partnered(int booker, long reservationId, long slotId, LocalDateTime made) throws SQLException {
        int partner = players.any(random);
        if (partner == booker) {
            return;
        }
        double answer = random.nextDouble();
        String status = answer < 0.75 ? "ACCEPTED" : answer < 0.9 ? "DECLINED" : "WITHDRAWN";
        long id = partners.nextId();
        LocalDateTime asked = made.plusMinutes(2);
        LocalDateTime answered = asked.plusMinutes(5 + random.nextInt(120));
        partners.add(
                id,
                reservationId,
                studentNumbers[partner],
                studentIds[partner],
                status,
                asked,
                "WITHDRAWN".equals(status) ? null : answered,
                1,
                asked);
        notice(
                "PARTNER_INVITE:" + id + ":1",
                partner,
                "PARTNER_INVITE",
                reservationId,
                slotId,
                "{\"name\":\"" + Names.of(booker) + "\"}",
                asked);
        if ("ACCEPTED".equals(status)) {
            notice(
                    "PARTNER_ACCEPTED:" + id + ":1",
                    booker,
                    "PARTNER_ACCEPTED",
                    reservationId,
                    slotId,
                    "{\"name\":\"" + Names.of(partner) + "\"}",
                    answered);
        }
    }

    /** A student's wait for a slot, ended: the offer taken, or the slot started first. */
    private void waited(
            int student,
            long sessionId,
            long slotId,
            LocalDateTime start,
            LocalDateTime from,
            String status,
            String trace)
            throws SQLException {
        boolean taken = "TAKEN".equals(status);
        LocalDateTime offered = taken ? from.plusMinutes(1) : null;
        LocalDateTime ended = taken ? from.plusMinutes(4) : start;
        waits.add(
                waits.nextId(),
                sessionId,
                slotId,
                studentIds[student],
                status,
                offered,
                taken ? offered.plusMinutes(10) : null,
                ended,
                trace,
                from.minusMinutes(30),
                ended);
        if (taken) {
            notice(
                    "OFFER:" + slotId + ":" + studentIds[student] + ":" + offered.plusMinutes(10),
                    student,
                    "OFFER",
                    null,
                    slotId,
                    "{\"until\":\"" + WHEN.format(offered.plusMinutes(10)) + "\"}",
                    offered);
        }
    }

    /** A student who asked to be reminded of the opening, and was. */
    private void reminded(long sessionId, LocalDate date, LocalDateTime flash, int nth) throws SQLException {
        int student = (int) ((sessionId * 7919 + nth * 104729L) % plan.students());
        reminders.add(studentIds[student], sessionId, flash.minusDays(1), flash.minusMinutes(5));
        notice(
                "OPENING_SOON:" + sessionId + ":" + studentIds[student],
                student,
                "OPENING_SOON",
                null,
                null,
                "{\"flash\":\"" + WHEN.format(flash) + "\",\"day\":\"" + date + "\"}",
                flash.minusMinutes(REMINDED_BEFORE_MINUTES));
    }

    /** A notice about a booking, of a kind the engine posts once per booking. */
    private void aboutBooking(
            String kind, int student, long reservationId, long slotId, String params, LocalDateTime at)
            throws SQLException {
        notice(kind + ":" + reservationId, student, kind, reservationId, slotId, params, at);
    }

    /** A notice, read within a day unless one of the last week's few unread, emailed if the student has an address. */
    private void notice(
            String messageId,
            int student,
            String kind,
            Long reservationId,
            Long slotId,
            String params,
            LocalDateTime at)
            throws SQLException {
        boolean unread = at.toLocalDate().isAfter(plan.lastDay().minusDays(7)) && random.nextInt(4) == 0;
        String email = emails[student];
        notices.addAt(
                at,
                messageId,
                studentIds[student],
                kind,
                reservationId,
                slotId,
                params,
                at,
                unread ? null : at.plusMinutes(5 + random.nextInt(600)),
                email,
                email == null ? null : "SENT",
                email == null ? 0 : 1,
                email == null ? null : at.plusSeconds(2));
    }

    private void audit(String actor, String action, String targetType, Object targetId, String detail, LocalDateTime at)
            throws SQLException {
        audit.addAt(at, actor, action, targetType, String.valueOf(targetId), detail, at, at);
    }

    private FilledHistory filled(Duration took) throws SQLException {
        Map<String, Long> rows = new LinkedHashMap<>();
        for (Rows table : List.of(courts, accounts, feeds, codes)) {
            rows.put(table.table(), table.written());
        }
        for (Rows table : inForeignKeyOrder()) {
            rows.put(table.table(), table.written());
        }
        List<FilledHistory.Regular> regulars = players.busiest(3).stream()
                .map(s -> new FilledHistory.Regular(studentNumbers[s], players.bookings(s)))
                .toList();
        int median = players.typical();
        FilledHistory.Regular typical = new FilledHistory.Regular(studentNumbers[median], players.bookings(median));
        return new FilledHistory(plan, rows, regulars, typical, took);
    }

    private void close() throws SQLException {
        for (Rows table : List.of(courts, accounts, feeds, codes)) {
            if (table != null) {
                table.close();
            }
        }
        for (Rows table : inForeignKeyOrderOrNone()) {
            table.close();
        }
    }

    private List<Rows> inForeignKeyOrderOrNone() {
        return alerts == null ? List.of() : inForeignKeyOrder();
    }

    /**
     * The trace id a filled booking carried: 32 lowercase hex digits as the engine's own, from the booking's id, so that
     * a test can ask {@code /reserve/result/{traceId}} of one it knows.
     */
    public static String traceOf(long reservationId) {
        return "%032x".formatted(reservationId);
    }

    private static String sha256(String text) {
        try {
            return HexFormat.of()
                    .formatHex(MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("The JDK has no SHA-256", e);
        }
    }

    /**
     * Runs statistics on the filled tables where the database keeps them (MySQL/MariaDB's {@code ANALYZE TABLE}), so
     * that its planner sees the history's size as it would after a year of use.
     */
    public static void analyze(Connection connection) throws SQLException {
        String product = connection.getMetaData().getDatabaseProductName().toLowerCase(java.util.Locale.ROOT);
        try (Statement statement = connection.createStatement()) {
            if (product.contains("h2")) {
                statement.execute("analyze");
            } else {
                statement.execute("analyze table court, user_account, reserve_session, time_slot, reservation, "
                        + "pay_order, pay_refund, no_show_strike, booking_partner, waitlist_entry, notice, audit_log, "
                        + "calendar_feed, email_code, opening_reminder, staff_alert");
            }
        }
    }

    /** What became of a booking won at the opening, with how often. */
    enum Outcome {
        PLAYED(0.60, "CONFIRMED", null),
        NO_SHOW(0.06, "CANCELLED", "NO_SHOW"),
        REFUNDED(0.06, "CANCELLED", "REFUND"),
        CANCELLED(0.11, "CANCELLED", "USER"),
        TIMED_OUT(0.145, "CANCELLED", "TIMEOUT"),
        CANCELLED_BY_STAFF(0.02, "CANCELLED", "STAFF"),
        COMPENSATED(0.005, "CANCELLED", "COMPENSATION");

        private final double share;
        private final String status;
        private final String cancelReason;

        Outcome(double share, String status, String cancelReason) {
            this.share = share;
            this.status = status;
            this.cancelReason = cancelReason;
        }

        static Outcome draw(SplittableRandom random) {
            double at = random.nextDouble();
            for (Outcome outcome : values()) {
                at -= outcome.share;
                if (at < 0) {
                    return outcome;
                }
            }
            return PLAYED;
        }

        String status() {
            return status;
        }

        String cancelReason() {
            return cancelReason;
        }

        boolean active() {
            return this == PLAYED;
        }

        boolean paid() {
            return this == PLAYED || this == NO_SHOW || this == REFUNDED;
        }

        /** Whether the place came back before the slot started (a no-show's is after: not sold again online). */
        boolean releases() {
            return this != NO_SHOW && this != PLAYED;
        }

        LocalDateTime endedAt(LocalDateTime made, LocalDateTime start, SplittableRandom random) {
            return switch (this) {
                case PLAYED -> start.plusHours(1);
                case NO_SHOW -> start.plusMinutes(15);
                case TIMED_OUT -> made.plusMinutes(15);
                case COMPENSATED -> made.plusSeconds(30);
                default -> made.plusMinutes(12 + random.nextInt(120)); // after any payment (at most 11 min)
            };
        }
    }
}
