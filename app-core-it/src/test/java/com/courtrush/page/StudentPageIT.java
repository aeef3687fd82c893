package com.courtrush.page;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.courtrush.infra.redis.RedisKeys;
import com.courtrush.notice.BookingReminders;
import com.courtrush.notice.api.PageAddress;
import com.courtrush.reserve.stock.Blocks;
import com.courtrush.support.AtGymHours;
import com.courtrush.support.Chromium;
import com.courtrush.support.EmbeddedStack;
import com.courtrush.support.FaultProxy;
import com.courtrush.support.Mailbox;
import com.courtrush.support.PaySimulator;
import com.courtrush.support.StackTest;
import com.courtrush.support.TestApi;
import com.courtrush.support.TestApi.Student;
import com.courtrush.support.TestClock;
import com.courtrush.support.Times;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.interactions.Actions;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * The students' page in a real Chromium at phone width, against the embedded engine: what a student
 * does at the flash opening, end to end. Screenshots land in {@code target/page-screenshots}.
 */
@ExtendWith(Chromium.class)
@AtGymHours.EveryHour
class StudentPageIT extends StackTest {

    private static final String XSS_COURT = "<img src=x onerror=alert(1)>";
    private static final int PHONE = 360;

    @LocalServerPort
    int port;

    @DynamicPropertySource
    static void embedded(DynamicPropertyRegistry registry) {
        EmbeddedStack.register(registry, "courtrush-page-it-");
        // sign-ins wait out an opening's first seconds here (the other suites turn the hold off)
        registry.add("courtrush.auth.sign-in-hold", () -> "4s");
    }

    /**
     * Each scenario's openings closed after it: a page lands on the earliest opening not closed, and a scenario run at
     * another of the gym's hours made its "tomorrow" another day — the next scenario's page lands on its own.
     */
    @AfterEach
    void closeTheOpeningsLeftOpen() {
        for (long opening : jdbc().queryForList("select id from reserve_session where state <> 'CLOSED'", Long.class)) {
            TestApi.expect(200, api().post("/admin/sessions/" + opening + "/close", TestApi.ADMIN_TOKEN, null));
        }
    }

    @Test
    void aStudentWhosePhoneIsFortySecondsFastIsLetInOnTheEnginesClockThenPaysAndRefunds() {
        Student student = api().students(1).get(0);
        long court = api().createCourt(XSS_COURT);

        try (StudentPage page = new StudentPage(Chromium.open(PHONE, "zh-CN", Duration.ofSeconds(40)), port)) {
            page.open("");
            page.signIn(student.studentId(), "not-the-password");
            assertThat(page.signInError()).isEqualTo("学号或密码错误。");
            assertThat(page.accessibilityViolations())
                    .as("WCAG 2.1 AA, sign-in with its error")
                    .isEmpty();
            page.signIn(student);
            page.await(d -> page.showsView("slots"));

            // staff open tomorrow's courts some seconds from now; the student pulls to refresh. 20 s: the
            // checks before the flash time (accessibility, a screenshot) took over 9 s on a loaded machine
            LocalDateTime flash = Times.now().plusSeconds(20).withNano(0);
            long opening = api().createSession(Times.tomorrow(), flash, 2);
            long slot = api().generateSlots(opening, List.of(court), "18:00", "20:00", 60, 1)
                    .get(0);
            page.reload();
            // the page starts on the date of the next opening (tomorrow's courts, opened today)
            assertThat(page.state(slot)).isEqualTo("soon");
            assertThat(page.button(slot).isEnabled()).isFalse();
            assertThat(page.gateText(slot)).contains("距开抢").containsPattern("00:\\d\\d");
            // a court's name is text, never markup
            assertThat(page.openingOf(slot).findElements(By.cssSelector(".court h3")))
                    .extracting(WebElement::getText)
                    .containsExactly(XSS_COURT);
            assertThat(page.driver.findElements(By.cssSelector("#openings img")))
                    .isEmpty();
            assertThat(page.contentWidth())
                    .as("no sideways scrolling at %d px", PHONE)
                    .isLessThanOrEqualTo(PHONE);
            assertThat(page.accessibilityViolations())
                    .as("WCAG 2.1 AA, the countdown")
                    .isEmpty();
            page.screenshot("zh-countdown");

            // the button turns on by itself at the flash time by the engine's clock: not 40 s early
            Instant flashAt = flash.atZone(Times.zone()).toInstant();
            sleepUntil(flashAt.minusMillis(800));
            assertThat(page.button(slot).isEnabled())
                    .as("800 ms before the flash time")
                    .isFalse();
            Instant enabledAt = page.awaitEnabled(slot, flashAt.plusSeconds(3));
            assertThat(Duration.between(flashAt, enabledAt).toMillis())
                    .as("button enabled vs flash time, ms")
                    .isBetween(-50L, 1_000L);

            // a double tap sends one request
            page.js("arguments[0].scrollIntoView({block: 'center'})", page.button(slot));
            new Actions(page.driver).doubleClick(page.button(slot)).perform();
            page.awaitState(slot, "mine");
            assertThat(page.requestsTo("/reserve/"))
                    .as("POST /reserve/ sent by a double tap")
                    .isEqualTo(1);
            assertThat(page.note(slot)).contains("抢到了").contains("前支付");
            assertThat(page.accessibilityViolations())
                    .as("WCAG 2.1 AA, a slot won")
                    .isEmpty();
            page.screenshot("zh-won");

            // pay: the simulated WeChat Pay says so; staff confirm it and the page turns CONFIRMED by itself
            page.tap(page.noteAction(slot));
            WebElement sheet = page.sheet();
            assertThat(sheet.getText()).contains("微信支付（模拟）").contains("不会真的扣款").contains("¥20.00");
            String outTradeNo = sheet.findElement(By.cssSelector(".order-no")).getText();
            page.screenshot("zh-pay");
            TestApi.expect(200, api().post("/pay/wechat/mock-success/" + outTradeNo, TestApi.ADMIN_TOKEN, null));
            page.await(
                    d -> sheet.findElement(By.cssSelector(".pay-status.done")).isDisplayed());
            page.tap(sheet.findElement(By.cssSelector(".actions button.secondary")));

            long reservationId =
                    jdbc().queryForObject("select id from reservation where slot_id = ?", Long.class, slot);
            page.open("#/mine");
            page.await(d -> page.booking(reservationId).getText().contains("已确认"));
            assertThat(page.booking(reservationId).getText()).contains("前可退款");

            // refund with a reason: the booking says it was refunded and why
            page.tapInBooking(reservationId, "button.secondary");
            page.sheet().findElement(By.name("reason")).sendKeys("下雨了 <b>不去</b>");
            page.tap(page.sheet().findElement(By.cssSelector("button.danger")));
            page.await(d -> page.booking(reservationId).getText().contains("已取消"));
            assertThat(page.booking(reservationId).getText()).contains("已退款").contains("原因：下雨了 <b>不去</b>");
            page.screenshot("zh-mine-refunded");
            assertThat(page.scriptErrors()).as("errors in the page's console").isEmpty();

            assertThat(jdbc().queryForMap("select status, cancel_reason from reservation where id = ?", reservationId))
                    .containsEntry("status", "CANCELLED")
                    .containsEntry("cancel_reason", "REFUND");
            assertThat(jdbc().queryForObject(
                                    "select status from pay_order where reservation_id = ?",
                                    String.class,
                                    reservationId))
                    .isEqualTo("REFUNDED");
            invariants().assertHold(opening);
        }
    }

    @Test
    void twoStudentsRaceForTheLastPlaceAndTheLoserBooksAnAlternativeWithOneTap() {
        List<Student> students = api().students(2);
        String otherCourt = TestApi.unique("court");
        long court1 = api().createCourt();
        long court2 = api().createCourt(otherCourt);

        try (StudentPage zh = new StudentPage(Chromium.open(PHONE, "zh-CN", Duration.ZERO), port);
                StudentPage en = new StudentPage(Chromium.open(PHONE, "en-US", Duration.ZERO), port)) {
            zh.open("");
            zh.signIn(students.get(0));
            en.open("");
            en.signIn(students.get(1));
            zh.await(d -> zh.showsView("slots"));
            en.await(d -> en.showsView("slots"));
            // a browser that prefers English gets the page, and the engine's messages, in English
            assertThat(en.tabLabel("mine")).isEqualTo("My bookings");
            assertThat(zh.tabLabel("mine")).isEqualTo("我的预约");

            // one place per student in this opening
            LocalDateTime flash = Times.now().plusSeconds(10).withNano(0);
            long opening = api().createSession(Times.tomorrow(), flash, 1);
            long last = api().generateSlots(opening, List.of(court1), "18:00", "19:00", 60, 1)
                    .get(0);
            long later = api().generateSlots(opening, List.of(court1), "19:00", "20:00", 60, 1)
                    .get(0);
            long other = api().generateSlots(opening, List.of(court2), "18:00", "19:00", 60, 1)
                    .get(0);
            zh.reload();
            en.reload();
            en.row(last);
            en.screenshot("en-countdown");

            Instant flashAt = flash.atZone(Times.zone()).toInstant();
            zh.awaitEnabled(last, flashAt.plusSeconds(3));
            en.awaitEnabled(last, flashAt.plusSeconds(3));
            CompletableFuture<Void> tapZh = CompletableFuture.runAsync(() -> zh.tap(zh.button(last)));
            CompletableFuture<Void> tapEn = CompletableFuture.runAsync(() -> en.tap(en.button(last)));
            CompletableFuture.allOf(tapZh, tapEn).join();

            await().atMost(Duration.ofSeconds(15))
                    .until(() -> List.of(zh.state(last), en.state(last)).containsAll(List.of("mine", "soldout")));
            StudentPage loser = "soldout".equals(zh.state(last)) ? zh : en;
            StudentPage winner = loser == zh ? en : zh;
            String lang = loser == zh ? "zh" : "en";
            assertThat(loser.note(last)).contains(loser == zh ? "已约满" : "sold out");
            // the slots with places left, nearest first, each a one-tap button
            List<WebElement> alternatives = loser.alternatives(last);
            assertThat(alternatives)
                    .extracting(WebElement::getText)
                    .anySatisfy(label -> assertThat(label).contains(otherCourt).contains("18:00–19:00"))
                    .anySatisfy(label -> assertThat(label).contains("19:00–20:00"));
            loser.screenshot(lang + "-sold-out-alternatives");

            // one tap on the alternative books it
            loser.tap(alternatives.stream()
                    .filter(a -> a.getText().contains(otherCourt))
                    .findFirst()
                    .orElseThrow());
            loser.awaitState(other, "mine");
            loser.screenshot(lang + "-alternative-won");

            // the winner already holds this opening's one place: told so, with the way to their bookings
            winner.tap(winner.button(later));
            winner.await(d -> !winner.note(later).isBlank());
            assertThat(winner.note(later)).contains(winner == zh ? "已达每人上限" : "limit per student");
            assertThat(winner.noteAction(later).getText()).isEqualTo(winner.tabLabel("mine"));

            // cancel it from my bookings, with a confirmation
            Student loserStudent = students.get(loser == zh ? 0 : 1);
            long reservationId = jdbc().queryForObject(
                            "select r.id from reservation r join user_account u "
                                    + "on u.id = r.user_id where u.student_id = ? and r.slot_id = ?",
                            Long.class,
                            loserStudent.studentId(),
                            other);
            loser.open("#/mine");
            loser.tapInBooking(reservationId, "button.secondary");
            loser.tap(loser.sheet().findElement(By.cssSelector("button.danger")));
            loser.await(d ->
                    loser.booking(reservationId).getText().contains(loser == zh ? "你取消了这个预约" : "You cancelled it"));
            assertThat(loser.contentWidth()).isLessThanOrEqualTo(PHONE);

            // the language switch turns the page (and what the engine says next) into the other language
            zh.switchLanguage();
            assertThat(zh.tabLabel("mine")).isEqualTo("My bookings");
            zh.switchLanguage();
            assertThat(zh.tabLabel("mine")).isEqualTo("我的预约");
            assertThat(zh.scriptErrors())
                    .as("errors in the Chinese page's console")
                    .isEmpty();
            assertThat(en.scriptErrors())
                    .as("errors in the English page's console")
                    .isEmpty();
            assertThat(invariants().assertHold(opening)).isEqualTo(1);
        }
    }

    @Test
    void aPaidBookingShowsItsCheckInCodesAndABlockedStudentIsToldUntilWhenAndRefused() {
        Student student = api().students(1).get(0);
        long court = api().createCourt();
        long opening = api().createSession(Times.tomorrow(), Times.now(), 2);
        List<Long> slots = api().generateSlots(opening, List.of(court), "18:00", "20:00", 60, 1);
        long booking = api().book(student, opening, slots.get(0));
        api().pay(student, booking);
        String code = TestApi.expect(200, api().get("/reservations/" + booking + "/check-in", student.token()))
                .data()
                .path("code")
                .asText();
        try (StudentPage page = new StudentPage(Chromium.open(PHONE, "en-US", Duration.ZERO), port)) {
            page.open("");
            page.signIn(student);
            page.open("#/mine");
            page.await(d -> page.booking(booking).getText().contains("Confirmed"));

            // the check-in sheet: a QR code drawn by the engine, the short code, and when the desk takes it
            page.tapInBooking(booking, "button.primary");
            WebElement sheet = page.sheet();
            page.await(d -> !sheet.findElements(By.cssSelector(".qr svg path")).isEmpty());
            assertThat(sheet.findElement(By.cssSelector(".check-code strong")).getText())
                    .isEqualTo(code);
            assertThat(sheet.getText()).contains("show the QR code at the desk").contains("is a no-show");
            assertThat(sheet.findElement(By.cssSelector(".qr")).getSize().getWidth())
                    .as("a QR code a scanner reads off a phone")
                    .isGreaterThanOrEqualTo(200);
            assertThat(page.accessibilityViolations())
                    .as("WCAG 2.1 AA, the check-in code")
                    .isEmpty();
            page.screenshot("en-check-in");
            page.tap(sheet.findElement(By.cssSelector(".actions button.secondary")));

            // "add to calendar": the booking's .ics, fetched with the token in a header, handed over as a file
            page.js(
                    "window.icsSeen = null; const make = URL.createObjectURL;"
                            + "URL.createObjectURL = blob => { blob.text().then(t => { window.icsSeen = t; }); return make(blob); };");
            page.tapInBooking(booking, "button.add-calendar");
            page.await(d -> page.js("return window.icsSeen") != null);
            assertThat((String) page.js("return window.icsSeen"))
                    .startsWith("BEGIN:VCALENDAR")
                    .contains("UID:reservation-" + booking + "@courtrush")
                    .contains("STATUS:CONFIRMED");

            // three no-shows later: blocked for a week; the page says until when, and a tap is refused
            LocalDateTime until = Times.now().plusDays(7).withSecond(0).withNano(0);
            jdbc().update("update user_account set blocked_until = ? where id = ?", until, userIdOf(student));
            bean(Blocks.class).changed(userIdOf(student), until);
            page.reload();
            page.open("#/mine");
            String notice = page.await(
                    d -> d.findElement(By.cssSelector("#mine-list .blocked")).getText());
            assertThat(notice)
                    .contains("you cannot book")
                    .contains(until.toLocalDate().toString().substring(5));
            page.screenshot("en-blocked");
            page.open("");
            page.await(d -> page.button(slots.get(1)).isEnabled());
            page.tap(page.button(slots.get(1)));
            page.await(d -> page.note(slots.get(1)).contains("missed bookings"));
            assertThat(page.note(slots.get(1)))
                    .contains(until.toLocalDate().toString().substring(5));
            assertThat(page.scriptErrors()).as("errors in the page's console").isEmpty();
        }
    }

    /**
     * The phone keeps up with the desk (issue 55), in Chinese at 360 px: the student shows the check-in sheet, the
     * desk checks the booking in through the staff API, and the sheet turns to "checked in at …" by itself — the time
     * alone, as the check-in is on the play date, at any of the gym's hours (issue 83), on the sheet and on the card.
     */
    @AtGymHours
    void theCheckInSheetTurnsCheckedInWhenTheDeskScansWithTheTimeAloneAtAnyHour(LocalTime hour) {
        TestClock.GYM.at(hour);
        Times.clearOfMidnight(Duration.ofMinutes(10));
        Student student = api().students(1).get(0);
        long court = api().createCourt(TestApi.unique("场地 "));
        long opening = api().createSession(Times.tomorrow(), Times.now(), 2);
        long slot = api().generateSlots(opening, List.of(court), "18:00", "19:00", 60, 1)
                .get(0);
        long booking = api().book(student, opening, slot);
        api().pay(student, booking);
        startedAgo(slot, Duration.ofMinutes(5)); // the desk takes it now
        try (StudentPage page = new StudentPage(Chromium.open(PHONE, "zh-CN", Duration.ZERO), port)) {
            page.open("");
            page.signIn(student);
            page.open("#/mine");
            page.await(d -> page.booking(booking).getText().contains("已确认"));
            page.tapInBooking(booking, "button.primary");
            WebElement sheet = page.sheet();
            page.await(d -> !sheet.findElements(By.cssSelector(".qr svg path")).isEmpty());

            // the desk scans it; the student touches nothing
            String checkedIn = TestApi.expect(200, api().post("/admin/check-in/" + booking, TestApi.ADMIN_TOKEN, null))
                    .data()
                    .path("checkedInTime")
                    .asText();
            String at = checkedIn.substring(11, 16);
            WebElement done = page.await(d -> sheet.findElement(By.cssSelector(".checked-in-now")));
            assertThat(done.getText()).isEqualTo("已于 " + at + " 签到，祝打球愉快！");
            assertThat(sheet.findElement(By.cssSelector(".qr")).isDisplayed())
                    .as("no code to show any more")
                    .isFalse();
            assertThat(page.accessibilityViolations())
                    .as("WCAG 2.1 AA, the checked-in sheet")
                    .isEmpty();
            assertThat(page.contentWidth()).as("nothing wider than the phone").isLessThanOrEqualTo(360);
            page.screenshot("zh-checked-in-sheet");
            page.tap(sheet.findElement(By.cssSelector(".actions button.secondary")));
            page.await(d -> page.booking(booking)
                    .findElement(By.cssSelector(".checked-in"))
                    .getText()
                    .equals("已于 " + at + " 签到"));
            assertThat(page.scriptErrors()).as("errors in the page's console").isEmpty();
        }
    }

    /**
     * On My bookings, untouched (issue 55): a booking won elsewhere appears, then the desk marks it paid and it turns
     * confirmed without a tap.
     */
    @Test
    void myBookingsFollowWhatHappensElsewhereWithoutATap() {
        Student student = api().students(1).get(0);
        long court = api().createCourt(TestApi.unique("场地 "));
        long opening = api().createSession(Times.tomorrow(), Times.now(), 2);
        List<Long> slots = api().generateSlots(opening, List.of(court), "18:00", "20:00", 60, 1);
        long first = api().book(student, opening, slots.get(0));
        try (StudentPage page = new StudentPage(Chromium.open(PHONE, "zh-CN", Duration.ZERO), port)) {
            page.open("");
            page.signIn(student);
            page.open("#/mine");
            page.await(d -> page.booking(first).getText().contains("待支付"));
            long second = api().book(student, opening, slots.get(1));
            page.await(d -> !d.findElements(By.cssSelector("#mine-list [data-reservation='" + second + "']"))
                    .isEmpty());
            page.await(d -> page.booking(second).getText().contains("待支付"));
            api().pay(student, second);
            page.await(d -> page.booking(second).getText().contains("已确认"));
            assertThat(page.scriptErrors()).as("errors in the page's console").isEmpty();
        }
    }

    /** The booker names the partner on the booking: the partner is invited. */
    private void namePartner(Student booker, long booking, Student partner) {
        TestApi.expect(
                200,
                api().post(
                                "/reservations/" + booking + "/partners",
                                booker.token(),
                                Map.of("studentId", partner.studentId())));
    }

    /** Moves a slot (and its opening and bookings) so that it started {@code ago} ago, today. */
    private void startedAgo(long slotId, Duration ago) {
        startSlotAt(slotId, Times.now().minus(ago).withNano(0));
    }

    /**
     * The fair share (SPEC §16) in words, at 360 px, in both languages: a student who plays court 1 at 18:00 taps
     * court 2 at 18:00 and is told one place at a time, and which booking holds them.
     */
    @Test
    void aStudentPastTheirFairShareIsToldWhyInTheirLanguage() {
        List<Student> students = api().students(2);
        String heldCourt = TestApi.unique("court");
        long court1 = api().createCourt(heldCourt);
        long court2 = api().createCourt();
        long opening = api().createSession(Times.tomorrow(), Times.now(), 3);
        long held = api().generateSlots(opening, List.of(court1), "18:00", "19:00", 60, 2)
                .get(0);
        long sameHour = api().generateSlots(opening, List.of(court2), "18:00", "19:00", 60, 2)
                .get(0);
        for (Student student : students) {
            api().book(student, opening, held);
        }
        try (StudentPage zh = new StudentPage(Chromium.open(PHONE, "zh-CN", Duration.ZERO), port);
                StudentPage en = new StudentPage(Chromium.open(PHONE, "en-US", Duration.ZERO), port)) {
            for (StudentPage page : List.of(zh, en)) {
                Student student = students.get(page == zh ? 0 : 1);
                page.signInToTheCourts(student);
                page.await(d -> page.button(sameHour).isEnabled());
                page.tap(page.button(sameHour));
                page.await(d -> !page.note(sameHour).isBlank());
                assertThat(page.note(sameHour))
                        .contains(page == zh ? "同一时间只能占一个场地" : "One place at a time")
                        .contains(heldCourt)
                        .contains("18:00–19:00");
                assertThat(page.noteAction(sameHour).getText()).isEqualTo(page.tabLabel("mine"));
                assertThat(page.contentWidth()).isLessThanOrEqualTo(PHONE);
                page.screenshot((page == zh ? "zh" : "en") + "-share-used");
                assertThat(page.scriptErrors())
                        .as("errors in the page's console")
                        .isEmpty();
            }
        }
        assertThat(jdbc().queryForObject(
                                "select count(*) from reservation where slot_id = ? and holder_id is not null",
                                Integer.class,
                                sameHour))
                .isZero();
    }

    /**
     * My bookings answers the upcoming ones and the last 30 days (SPEC §8, §20); a regular's older bookings come a page
     * at a time, each only when the student asks for it — the page reads nothing more.
     */
    @Test
    void aRegularsOlderBookingsComeAPageAtATimeOnlyWhenAsked() {
        Student student = api().students(1).get(0);
        long court = api().createCourt(TestApi.unique("court"));
        long opening = api().createSession(Times.tomorrow(), Times.now(), 2);
        long upcoming = api().book(
                        student,
                        opening,
                        api().generateSlots(opening, List.of(court), "18:00", "19:00", 60, 1)
                                .get(0));
        // 25 games played 40 to 64 days ago, one a day, as the engine kept them
        long userId = jdbc().queryForObject(
                        "select id from user_account where student_id = ?", Long.class, student.studentId());
        for (int daysAgo = 40; daysAgo < 65; daysAgo++) {
            java.time.LocalDate day = Times.now().toLocalDate().minusDays(daysAgo);
            jdbc().update(
                            "insert into reserve_session (session_date, flash_time, state) values (?, ?, 'CLOSED')",
                            day,
                            day.minusDays(1).atTime(13, 0));
            long past = jdbc().queryForObject("select max(id) from reserve_session", Long.class);
            jdbc().update(
                            "insert into time_slot (session_id, court_id, slot_date, start_time, end_time, booked) "
                                    + "values (?, ?, ?, '18:00', '19:00', 1)",
                            past,
                            court,
                            day);
            long slot = jdbc().queryForObject("select max(id) from time_slot", Long.class);
            jdbc().update(
                            "insert into reservation (trace_id, user_id, slot_id, session_id, slot_date, status, holder_id, "
                                    + "checked_in_time) values (?, ?, ?, ?, ?, 'CONFIRMED', ?, ?)",
                            TestApi.unique("past-"),
                            userId,
                            slot,
                            past,
                            day,
                            userId,
                            day.atTime(17, 55));
        }
        try (StudentPage page = new StudentPage(Chromium.open(PHONE, "zh-CN", Duration.ZERO), port)) {
            page.signInToTheCourts(student);
            page.open("#/mine");
            page.await(d -> d.findElement(By.id("mine-older")));
            assertThat(page.js("return document.querySelectorAll('#mine-list article.booking').length"))
                    .as("tomorrow's game only")
                    .isEqualTo(1L);
            assertThat(page.js("return document.querySelector('#mine-list article.booking').dataset.reservation"))
                    .isEqualTo(String.valueOf(upcoming));
            assertThat(historyReads(page))
                    .as("nothing older read before it is asked for")
                    .isZero();

            askForOlder(page);
            page.await(d -> pastCards(page) == 20);
            assertThat(historyReads(page)).isEqualTo(1L);
            assertThat(page.js("return document.querySelector('#mine-older-list article.past .when').textContent"))
                    .asString()
                    .contains(Times.now().toLocalDate().minusDays(40).getMonthValue() + "")
                    .contains("18:00–19:00");
            page.screenshot("zh-mine-older");

            askForOlder(page);
            page.await(d -> pastCards(page) == 25);
            assertThat(page.await(d -> d.findElement(By.id("mine-older-none"))).getText())
                    .isEqualTo("没有更早的预约了。");
            assertThat(page.js("return document.getElementById('mine-older')")).isNull();
            assertThat(historyReads(page)).isEqualTo(2L);
            assertThat(page.accessibilityViolations())
                    .as("WCAG 2.1 AA, my bookings with older ones")
                    .isEmpty();
            assertThat(page.contentWidth()).isLessThanOrEqualTo(PHONE);
            assertThat(page.scriptErrors()).as("errors in the page's console").isEmpty();
        }
    }

    /** A tap on "older bookings" (the list is drawn anew whenever it refreshes: the button is found at the tap). */
    private static void askForOlder(StudentPage page) {
        page.await(d -> page.js("const b = document.getElementById('mine-older');"
                        + " if (!b || b.disabled) return false; b.click(); return true;")
                .equals(Boolean.TRUE));
    }

    private static long pastCards(StudentPage page) {
        return (Long) page.js("return document.querySelectorAll('#mine-older-list article.past').length");
    }

    /** How many times the page asked for older bookings (the browser's own record of its requests). */
    private static long historyReads(StudentPage page) {
        return (Long) page.js("return performance.getEntriesByType('resource')"
                + ".filter(e => e.name.includes('/reservations/mine/history')).length");
    }

    @Test
    void aStaffCancelReachesTheStudentsInboxAndItsBadgeInTheirLanguage() {
        Student student = api().students(1).get(0);
        String courtName = TestApi.unique("场地 ");
        long court = api().createCourt(courtName);
        long opening = api().createSession(Times.tomorrow(), Times.now(), 2);
        List<Long> slots = api().generateSlots(opening, List.of(court), "18:00", "19:00", 60, 1);
        long booking = api().book(student, opening, slots.get(0));
        try (StudentPage page = new StudentPage(Chromium.open(PHONE, "zh-CN", Duration.ZERO), port)) {
            page.signInToTheCourts(student);
            WebElement badge = page.await(d -> d.findElement(By.id("inbox-badge")));
            page.await(d -> badge.isDisplayed() && badge.getText().equals("1")); // won, pay by ...

            // the desk cancels it with a reason; the next time the student looks, the badge says so
            TestApi.expect(
                    200,
                    api().post(
                                    "/admin/reservations/" + booking + "/cancel",
                                    TestApi.ADMIN_TOKEN,
                                    Map.of("reason", "场地维修")));
            page.open("#/mine");
            page.await(d -> badge.getText().equals("2"));
            page.tap(page.await(d -> d.findElement(By.cssSelector("#tabs a[data-tab='inbox']"))));
            WebElement newest = page.await(d -> d.findElement(By.cssSelector("#inbox-list .inbox-item")));
            assertThat(newest.getAttribute("data-kind")).isEqualTo("CANCELLED_BY_STAFF");
            assertThat(newest.getAttribute("class")).contains("unread");
            assertThat(newest.getText())
                    .contains("场馆取消了预约")
                    .contains(courtName + " · " + Times.tomorrow() + " 18:00–19:00")
                    .contains("场地维修");
            assertThat(page.accessibilityViolations())
                    .as("WCAG 2.1 AA, the inbox")
                    .isEmpty();
            assertThat(page.contentWidth()).as("nothing wider than the phone").isLessThanOrEqualTo(360);
            page.screenshot("zh-inbox");

            // read by a tap: one left; then all at once, and the badge goes
            page.tap(newest);
            page.await(d -> badge.getText().equals("1"));
            page.tap(page.await(d -> d.findElement(By.id("inbox-read-all"))));
            page.await(d -> !badge.isDisplayed());
            assertThat(page.js("return document.querySelectorAll('#inbox-list .unread').length"))
                    .isEqualTo(0L);
            // in English, the same notices in English
            page.switchLanguage();
            page.await(d -> d.findElement(By.cssSelector("#inbox-list .inbox-item h2"))
                    .getText()
                    .equals("Cancelled by the gym"));
            assertThat(page.scriptErrors()).as("errors in the page's console").isEmpty();
        }
    }

    /**
     * Issue 55: the "starts soon" email's link opens the booking on the phone. The engine sends its notices through a
     * real SMTP server (GreenMail); a paid booking whose court starts in 30 minutes is reminded (the job run as each
     * node runs it, not waited for); the student's email names the court and links to the booking on the page's
     * address, and that link, opened where the student is signed in, shows My bookings with that booking's card
     * outlined, in view: its court and time.
     */
    @AtGymHours
    void aBookingSoonReminderEmailsALinkThatOpensTheBookingOnThePhone(LocalTime hour) throws Exception {
        TestClock.GYM.at(hour);
        Student student = api().students(1).get(0);
        String courtName = TestApi.unique("场地 ");
        long court = api().createCourt(courtName);
        long opening = api().createSession(Times.tomorrow(), Times.now(), 2);
        long slot = api().generateSlots(opening, List.of(court), "18:00", "19:00", 60, 1)
                .get(0);
        long booking = api().book(student, opening, slot);
        api().pay(student, booking);
        try (Mailbox mail = Mailbox.start(api())) {
            // the address verified once the booking is paid (its email is the reminder's alone), then it starts soon
            String address = student.studentId() + "@campus.example";
            jdbc().update(
                            "update user_account set email = ?, email_verified_time = ? where student_id = ?",
                            address,
                            Times.now(),
                            student.studentId());
            LocalDateTime start = Times.now().plusMinutes(30).withSecond(0).withNano(0);
            startSlotAt(slot, start);
            java.time.format.DateTimeFormatter hhmm = java.time.format.DateTimeFormatter.ofPattern("HH:mm");
            String hours = hhmm.format(start) + "–"
                    + hhmm.format(jdbc().queryForObject(
                                    "select end_time from time_slot where id = ?", java.sql.Time.class, slot)
                            .toLocalTime());
            bean(BookingReminders.class).remind();
            String text = mail.awaitText(address, "#/mine/booking/" + booking);
            assertThat(text)
                    .contains(courtName + " · " + start.toLocalDate() + " " + hours)
                    .contains("即将开始")
                    .contains("starts soon");
            java.util.regex.Matcher found = java.util.regex.Pattern.compile("https?://\\S+#/mine/booking/" + booking)
                    .matcher(text);
            assertThat(found.find()).as(text).isTrue();
            String link = found.group();
            assertThat(link)
                    .as("on the page's address, as the engine knows it")
                    .isEqualTo(bean(PageAddress.class).studentUrl() + "#/mine/booking/" + booking);

            // the student, signed in on their phone at that address, opens the link from their mail app
            java.net.URI at = java.net.URI.create(link);
            try (StudentPage page =
                    new StudentPage(Chromium.open(PHONE, "zh-CN", Duration.ZERO), at.getHost(), at.getPort())) {
                page.signInToTheCourts(student);
                page.driver.get("about:blank");
                page.driver.get(link);
                page.await(d -> page.showsView("mine"));
                WebElement card = page.await(d -> {
                    WebElement shown = page.booking(booking);
                    return shown.getAttribute("class").contains("focused") ? shown : null;
                });
                assertThat(card.getText()).contains(courtName).contains(hours).contains("已确认");
                assertThat(page.js(
                                "const r = arguments[0].getBoundingClientRect();"
                                        + " return r.top >= 0 && r.bottom <= window.innerHeight",
                                card))
                        .as("the card in view")
                        .isEqualTo(true);
                assertThat(page.contentWidth())
                        .as("nothing wider than the phone")
                        .isLessThanOrEqualTo(PHONE);
                page.screenshot("zh-reminder-link");
                assertThat(page.scriptErrors())
                        .as("errors in the page's console")
                        .isEmpty();
            }
        }
    }

    @Test
    void aPartnerNamedOnABookingAcceptsOnTheirPageAndTheBookerSeesTheirName() {
        List<Student> two = api().students(2);
        Student booker = two.get(0);
        Student partner = two.get(1);
        long court = api().createCourt();
        long opening = api().createSession(Times.tomorrow(), Times.now(), 2);
        long slot = api().generateSlots(opening, List.of(court), "18:00", "19:00", 60, 1)
                .get(0);
        long booking = api().book(booker, opening, slot);
        namePartner(booker, booking, partner);
        try (StudentPage page = new StudentPage(Chromium.open(PHONE, "en-US", Duration.ZERO), port)) {
            page.signInToTheCourts(partner);
            page.open("#/mine");
            WebElement card = page.await(d -> d.findElement(By.cssSelector("#mine-list .invitation")));
            assertThat(card.getText()).contains("asks you to play").contains("18:00–19:00");
            assertThat(page.accessibilityViolations())
                    .as("WCAG 2.1 AA, an invitation")
                    .isEmpty();
            page.screenshot("en-partner-invitation");
            page.tap(card.findElement(By.cssSelector("button.primary")));
            page.await(d ->
                    d.findElements(By.cssSelector("#mine-list .invitation")).isEmpty());
            assertThat(page.scriptErrors()).as("errors in the page's console").isEmpty();
        }
        try (StudentPage page = new StudentPage(Chromium.open(PHONE, "en-US", Duration.ZERO), port)) {
            page.signInToTheCourts(booker);
            page.open("#/mine");
            String name = jdbc().queryForObject(
                            "select display_name from user_account where student_id = ?",
                            String.class,
                            partner.studentId());
            page.await(d -> page.booking(booking).getText().contains(name + " (accepted)"));
            assertThat(page.contentWidth()).as("nothing wider than the phone").isLessThanOrEqualTo(360);
            page.screenshot("en-partners");
            assertThat(page.scriptErrors()).as("errors in the page's console").isEmpty();
        }
    }

    /**
     * An accepted partner sees the game as their own (issue 55), in Chinese on a phone: after one tap on "accept" the
     * booking is in their My bookings, marked as a partner's with the booker's name, with its check-in code (the
     * booking's own) and its calendar file, and nothing of the booker's to do.
     */
    @Test
    void aPartnerWhoAcceptsSeesTheGameInMyBookingsWithItsCheckInCode() {
        List<Student> two = api().students(2);
        Student booker = two.get(0);
        Student partner = two.get(1);
        long court = api().createCourt();
        long opening = api().createSession(Times.tomorrow(), Times.now(), 2);
        long slot = api().generateSlots(opening, List.of(court), "18:00", "19:00", 60, 1)
                .get(0);
        long booking = api().book(booker, opening, slot);
        api().pay(booker, booking);
        namePartner(booker, booking, partner);
        String code = TestApi.expect(200, api().get("/reservations/" + booking + "/check-in", booker.token()))
                .data()
                .path("code")
                .asText();
        String bookerName = jdbc().queryForObject(
                        "select display_name from user_account where student_id = ?", String.class, booker.studentId());
        try (StudentPage page = new StudentPage(Chromium.open(PHONE, "zh-CN", Duration.ZERO), port)) {
            page.signInToTheCourts(partner);
            page.open("#/mine");
            WebElement invitation = page.await(d -> d.findElement(By.cssSelector("#mine-list .invitation")));
            page.tap(invitation.findElement(By.cssSelector("button.primary")));
            page.await(d -> page.booking(booking).getText().contains("搭档的预约"));
            WebElement card = page.booking(booking);
            assertThat(card.getText())
                    .contains(bookerName + " 的预约，你是搭档")
                    .contains("18:00–19:00")
                    .contains("已确认");
            assertThat(card.findElements(By.cssSelector(".actions button")).stream()
                            .map(WebElement::getText)
                            .toList())
                    .as("check in and add to a calendar; paying, cancelling and refunds are the booker's")
                    .containsExactly("签到码", "加入日历");
            assertThat(card.findElements(By.cssSelector(".partners"))).isEmpty();
            assertThat(page.contentWidth()).as("nothing wider than the phone").isLessThanOrEqualTo(360);
            assertThat(page.accessibilityViolations())
                    .as("WCAG 2.1 AA, a partner's booking")
                    .isEmpty();
            page.screenshot("zh-partner-booking");

            // its check-in sheet: the booking's own code, which the desk searches
            page.tapInBooking(booking, "button.primary");
            WebElement sheet = page.sheet();
            page.await(d -> !sheet.findElements(By.cssSelector(".qr svg path")).isEmpty());
            assertThat(sheet.findElement(By.cssSelector(".check-code strong")).getText())
                    .isEqualTo(code);
            page.screenshot("zh-partner-check-in");
            assertThat(page.scriptErrors()).as("errors in the page's console").isEmpty();
        }
    }

    /**
     * Money that moves (SPEC §19), as a student on a phone meets it: the gym set its WeChat Pay merchant (here the
     * simulator's, which speaks WeChat Pay's APIv3 and shows a stand-in cashier); one tap on "pay" goes to WeChat
     * Pay's page, the student confirms there, WeChat Pay sends them back, and its notification alone confirms the
     * booking — no staff.
     */
    @Test
    void aStudentPaysAtWechatPayOnAPhoneAndItsNotificationAloneConfirmsTheBooking() {
        Student ann = api().students(1).get(0);
        long court = api().createCourt();
        long opening = api().createSession(Times.tomorrow(), Times.now(), 2);
        long slot = api().generateSlots(opening, List.of(court), "16:00", "17:00", 60, 1)
                .get(0);
        long reservation = api().book(ann, opening, slot);
        TestApi.expect(200, api().put("/admin/wechat-pay", TestApi.ADMIN_TOKEN, PaySimulator.merchant(port, true)));
        try (StudentPage page = new StudentPage(Chromium.open(PHONE, "zh-CN", Duration.ZERO), port)) {
            page.signInToTheCourts(ann);
            page.open("#/mine");
            page.await(d -> page.driver.findElement(By.id("pay-mode")).getText().contains("通过微信支付付款"));
            assertThat(page.driver.findElement(By.id("pay-mode")).getText())
                    .contains(PaySimulator.shared().kit().merchantName());
            page.screenshot("zh-mine-live-pay");

            page.tapInBooking(reservation, "button.primary"); // one tap: to WeChat Pay's page
            page.await(d -> d.getCurrentUrl().startsWith(PaySimulator.shared().baseUrl() + "/cashier/"));
            WebElement cashier = page.await(d -> d.findElement(By.id("confirm-pay")));
            assertThat(page.driver.findElement(By.tagName("body")).getText())
                    .contains("SIMULATOR")
                    .contains("¥20.00");
            page.screenshot("zh-wechat-cashier");
            page.tap(cashier);

            // WeChat Pay sends the student back; its notification (not the redirect) confirms the booking
            page.await(d -> d.getCurrentUrl().startsWith("http://127.0.0.1:" + port + "/"));
            WebElement sheet = page.sheet();
            page.await(
                    d -> sheet.findElement(By.cssSelector(".pay-status.done")).isDisplayed());
            page.screenshot("zh-wechat-paid");
            page.tap(sheet.findElement(By.cssSelector(".actions button.secondary")));
            page.await(d -> page.booking(reservation).getText().contains("已确认"));
            assertThat(page.scriptErrors()).as("errors in the page's console").isEmpty();
        } finally {
            TestApi.expect(
                    200, api().put("/admin/wechat-pay", TestApi.ADMIN_TOKEN, PaySimulator.merchant(port, false)));
        }
        String outTradeNo = jdbc().queryForObject(
                        "select out_trade_no from pay_order where reservation_id = ? and status = 'SUCCESS'",
                        String.class,
                        reservation);
        assertThat(jdbc().queryForObject(
                                "select count(*) from audit_log where action = 'PAID_WECHAT' and target_id = ?",
                                Integer.class,
                                outTradeNo))
                .isEqualTo(1);
        assertThat(jdbc().queryForObject(
                                "select count(*) from audit_log where action = 'MARK_PAID' and target_id = ?",
                                Integer.class,
                                outTradeNo))
                .as("no staff")
                .isZero();
        invariants().assertHold(opening);
    }

    /**
     * Inside WeChat's own browser (JSAPI, the gym's official account set up): one tap on "pay", WeChat says who the
     * student is (its OAuth — the simulator's — sends the page straight back), WeChat pays in place
     * (WeixinJSBridge, the simulator's stand-in) and its notification confirms the booking.
     */
    @Test
    void insideWechatAStudentPaysInPlaceAndTheNotificationConfirms() {
        Student ann = api().students(1).get(0);
        long court = api().createCourt();
        long opening = api().createSession(Times.tomorrow(), Times.now(), 2);
        long slot = api().generateSlots(opening, List.of(court), "17:00", "18:00", 60, 1)
                .get(0);
        long reservation = api().book(ann, opening, slot);
        TestApi.expect(200, api().put("/admin/wechat-pay", TestApi.ADMIN_TOKEN, PaySimulator.merchant(port, true)));
        try (StudentPage page = new StudentPage(
                Chromium.openInsideWechat(PHONE, "zh-CN", PaySimulator.shared().bridgeScript()), port)) {
            page.signInToTheCourts(ann);
            page.open("#/mine");
            page.await(d -> page.driver.findElement(By.id("pay-mode")).getText().contains("通过微信支付付款"));

            page.tapInBooking(reservation, "button.primary"); // one tap
            WebElement sheet = page.sheet();
            page.await(
                    d -> sheet.findElement(By.cssSelector(".pay-status.done")).isDisplayed());
            page.screenshot("zh-wechat-jsapi-paid");
            assertThat(page.driver.getCurrentUrl())
                    .as("the address made plain again")
                    .doesNotContain("code=");
            page.tap(sheet.findElement(By.cssSelector(".actions button.secondary")));
            page.await(d -> page.booking(reservation).getText().contains("已确认"));
            assertThat(page.scriptErrors()).as("errors in the page's console").isEmpty();
        } finally {
            TestApi.expect(
                    200, api().put("/admin/wechat-pay", TestApi.ADMIN_TOKEN, PaySimulator.merchant(port, false)));
        }
        assertThat(jdbc().queryForObject(
                                "select count(*) from pay_order where reservation_id = ? and status = 'SUCCESS' "
                                        + "and scene = 'JSAPI'",
                                Integer.class,
                                reservation))
                .isEqualTo(1);
        invariants().assertHold(opening);
    }

    @Test
    void aStudentJoinsASoldOutSlotsWaitlistGetsTheReturnedPlaceOfferedTakesItWithOneTapAndPays() {
        List<Student> students = api().students(2);
        Student holder = students.get(0);
        Student ann = students.get(1);
        long court = api().createCourt();
        long opening = api().createSession(Times.tomorrow(), Times.now(), 2);
        List<Long> slots = api().generateSlots(opening, List.of(court), "20:00", "22:00", 60, 1);
        long slot = slots.get(0);
        long held = api().book(holder, opening, slot);
        try (StudentPage page = new StudentPage(Chromium.open(PHONE, "en-US", Duration.ZERO), port)) {
            page.open("");
            page.signIn(ann);
            page.awaitState(slot, "soldout");
            page.await(d -> page.note(slot).contains("Join the waitlist"));
            page.tap(page.noteAction(slot));
            page.await(d -> page.note(slot).contains("number 1 in line"));
            assertThat(page.accessibilityViolations())
                    .as("WCAG 2.1 AA, on the waitlist")
                    .isEmpty();
            page.screenshot("en-waitlist-joined");

            // the holder cancels: the place is offered to Ann, held for her with a countdown
            TestApi.expect(200, api().delete("/reserve/" + held, holder.token()));
            page.open("#/mine");
            WebElement offer = page.await(d -> {
                List<WebElement> cards =
                        d.findElements(By.cssSelector(".wait.status-OFFERED[data-slot='" + slot + "']"));
                return cards.isEmpty() ? null : cards.get(0);
            });
            assertThat(offer.getText())
                    .contains("A place is held for you until")
                    .containsPattern("\\d\\d:\\d\\d left");
            assertThat(page.accessibilityViolations())
                    .as("WCAG 2.1 AA, an offer")
                    .isEmpty();
            page.screenshot("en-waitlist-offer");

            // one tap takes it: recorded as a booking to pay, and the (simulated) pay sheet opens
            page.tap(offer.findElement(By.cssSelector("button.primary")));
            WebElement sheet = page.sheet();
            page.await(d -> !sheet.findElements(By.cssSelector(".order-no")).isEmpty());
            String outTradeNo = sheet.findElement(By.cssSelector(".order-no")).getText();
            TestApi.expect(200, api().post("/pay/wechat/mock-success/" + outTradeNo, TestApi.ADMIN_TOKEN, null));
            page.await(
                    d -> sheet.findElement(By.cssSelector(".pay-status.done")).isDisplayed());
            long reservation = jdbc().queryForObject(
                            "select id from reservation where slot_id = ? and status = 'CONFIRMED'", Long.class, slot);
            assertThat(jdbc().queryForObject("select user_id from reservation where id = ?", Long.class, reservation))
                    .isEqualTo(userIdOf(ann));
            assertThat(page.scriptErrors()).as("errors in the page's console").isEmpty();
        }
    }

    @Test
    void aRevokedSignInGoesBackToSignInAndReturnsWhereTheStudentWasAndThePasswordCanBeChanged() {
        Student student = api().students(1).get(0);
        try (StudentPage page = new StudentPage(Chromium.open(PHONE, "en-US", Duration.ZERO), port)) {
            page.open("");
            page.signIn(student);
            page.open("#/account");
            page.await(d -> page.showsView("account"));
            String token = (String) page.js("return JSON.parse(localStorage.getItem('courtrush.session')).token");
            assertThat(page.driver.getCurrentUrl()).doesNotContain(token);

            // the token ends elsewhere (signed out on another device): the next call sends the student to sign in
            TestApi.expect(200, api().post("/auth/logout", token, null));
            page.open("#/mine");
            page.await(d -> page.showsView("signin"));
            assertThat(page.signInNotice()).contains("expired");
            page.signIn(student);
            page.await(d ->
                    page.showsView("mine") && d.findElement(By.id("mine-empty")).isDisplayed());
            assertThat(page.driver.getCurrentUrl()).endsWith("#/mine");
            String before = (String) page.js("return JSON.parse(localStorage.getItem('courtrush.session')).token");

            // change the password: this page stays signed in with a new token, every earlier one ends
            page.open("#/account");
            page.await(d -> page.showsView("account"));
            page.driver.findElement(By.name("currentPassword")).sendKeys(TestApi.passwordOf(student));
            page.driver.findElement(By.name("newPassword")).sendKeys("brand-new-secret");
            page.driver.findElement(By.name("repeat")).sendKeys("brand-new-secret");
            page.tap(page.driver.findElement(By.cssSelector("#password-form button[type=submit]")));
            page.await(d -> d.findElement(By.id("password-message")).getText().contains("Password changed"));
            String after = (String) page.js("return JSON.parse(localStorage.getItem('courtrush.session')).token");
            assertThat(api().get("/reservations/mine", before).status()).isEqualTo(401);
            assertThat(api().get("/reservations/mine", after).status()).isEqualTo(200);

            // a calendar address: shown once, read without a sign-in, replaced by a new one
            page.tap(page.driver.findElement(By.id("calendar-renew")));
            page.await(d -> d.findElement(By.id("calendar-new")).isDisplayed());
            String feed = page.driver.findElement(By.id("calendar-url")).getAttribute("value");
            assertThat(feed)
                    .as("the page is in English: so is the feed (SPEC §17, issue 55)")
                    .matches("http://[^/]+/calendar/[A-Za-z0-9_-]{43}\\.ics\\?lang=en");
            assertThat(page.driver.findElement(By.id("calendar-subscribe")).getAttribute("href"))
                    .startsWith("webcal://");
            String feedPath = feed.substring(feed.indexOf("/calendar/"));
            assertThat(api().raw("GET", feedPath, null, Map.of(), null).body()).startsWith("BEGIN:VCALENDAR");
            assertThat(page.driver.findElement(By.id("calendar-state")).getText())
                    .startsWith("Calendar address made");
            assertThat(page.accessibilityViolations())
                    .as("WCAG 2.1 AA, the account")
                    .isEmpty();
            page.js("document.getElementById('calendar-new').scrollIntoView({block: 'center'})");
            page.screenshot("en-calendar");
            page.tap(page.driver.findElement(By.id("calendar-renew")));
            page.await(d -> !feed.equals(d.findElement(By.id("calendar-url")).getAttribute("value")));
            assertThat(api().raw("GET", feedPath, null, Map.of(), null).status())
                    .isEqualTo(404);

            page.reload();
            page.open("#/mine");
            page.await(d ->
                    page.showsView("mine") && d.findElement(By.id("mine-empty")).isDisplayed());
            assertThat(page.scriptErrors()).as("errors in the page's console").isEmpty();
        }
        assertThat(api().post(
                                "/auth/login",
                                null,
                                Map.of("studentId", student.studentId(), "password", TestApi.passwordOf(student)))
                        .status())
                .isEqualTo(401);
        assertThat(api().post(
                                "/auth/login",
                                null,
                                Map.of("studentId", student.studentId(), "password", "brand-new-secret"))
                        .status())
                .isEqualTo(200);
    }

    /** Issue 21: an opening that asks for a booking pass, tried as a student and as a script. */
    @Test
    void aPassOpeningShowsThePictureInTheMinuteBeforeAndTheWinGoesWithThePass() {
        List<Student> students = api().students(2);
        Student student = students.get(0);
        long court = api().createCourt();
        Student staff = api().staffMember("STAFF");
        try (StudentPage page = new StudentPage(Chromium.open(PHONE, "en-US", Duration.ZERO), port)) {
            page.open("");
            // a staff account is not let into the students' page, and is told where to go
            page.signIn(staff);
            assertThat(page.signInError()).startsWith("This is a staff account");
            page.signIn(student);
            page.await(d -> page.showsView("slots"));

            LocalDateTime flash = Times.now().plusSeconds(20).withNano(0);
            long opening = TestApi.expect(
                            200,
                            api().post(
                                            "/admin/sessions",
                                            TestApi.ADMIN_TOKEN,
                                            Map.of(
                                                    "sessionDate",
                                                    Times.tomorrow().toString(),
                                                    "flashTime",
                                                    flash.toString(),
                                                    "perUserLimit",
                                                    2,
                                                    "bookingPass",
                                                    true)))
                    .data()
                    .path("id")
                    .asLong();
            List<Long> slots = api().generateSlots(opening, List.of(court), "18:00", "20:00", 60, 1);
            page.reload();
            // in the minute before the flash time the picture is there, before anything can be tapped
            WebElement panel = page.openingOf(slots.get(0)).findElement(By.cssSelector(".pass-panel"));
            page.await(d -> panel.isDisplayed()
                    && panel.findElement(By.cssSelector(".pass-image")).getAttribute("src") != null);
            assertThat(panel.getText()).contains("type the characters of the picture");
            page.screenshot("en-pass-picture");
            WebElement input = panel.findElement(By.cssSelector(".pass-answer"));
            input.sendKeys("qqqqq");
            page.tap(panel.findElement(By.cssSelector(".pass-confirm")));
            page.await(d ->
                    panel.findElement(By.cssSelector(".pass-status")).getText().contains("4 attempt(s) left"));
            String answer = String.valueOf(redisson()
                    .getMap(RedisKeys.passChallenge(opening, userIdOf(student)))
                    .get("answer"));
            input.sendKeys(answer);
            page.tap(panel.findElement(By.cssSelector(".pass-confirm")));
            page.await(d ->
                    panel.findElement(By.cssSelector(".pass-status")).getText().contains("Booking pass ready"));
            page.screenshot("en-pass-ready");

            // at the flash time the tap carries the pass: a win
            page.awaitEnabled(
                    slots.get(0), flash.atZone(Times.zone()).toInstant().plusSeconds(5));
            page.tap(page.button(slots.get(0)));
            page.awaitState(slots.get(0), "mine");
            // a script without a pass is refused, saying what to do
            TestApi.Reply scripted = api().reserve(students.get(1), opening, slots.get(1));
            assertThat(scripted.enumCode()).isEqualTo("PASS_REQUIRED");
            assertThat(scripted.body().path("message").asText()).contains("booking pass");
            // the pass served that booking: the picture comes back for a second one
            page.await(d -> panel.findElement(By.cssSelector(".pass-image")).getAttribute("src") != null
                    && panel.findElement(By.cssSelector(".pass-form")).isDisplayed());
            assertThat(page.scriptErrors()).as("errors in the page's console").isEmpty();
            invariants().assertHold(opening);
        }
    }

    /**
     * A fair-draw opening: the page explains the draw and lets the student mark slots "also OK"; a
     * script that fires at the flash time's millisecond is in the same draw as the student who taps a
     * moment later. The draw's secret is chosen here, before the window closes, so that the script is drawn
     * first (by the published arithmetic, DrawReplay): the page says the student was not drawn, offers what is
     * left, and one tap books it, first come after the draw.
     */
    @Test
    void aDrawOpeningPutsAScriptFiringFirstInTheSameDrawAsThePersonAndTheLoserBooksWhatIsLeft() {
        Student student = api().students(1).get(0);
        Student script = api().students(1).get(0); // a later account: the larger id
        long court = api().createCourt();
        try (StudentPage page = new StudentPage(Chromium.open(PHONE, "zh-CN", Duration.ZERO), port)) {
            page.signInToTheCourts(student);

            // 20 s ahead: the places a single page sees may be a refresh behind (4-7 s each), and the button
            // must be seen on before the flash time
            LocalDateTime flash = Times.now().plusSeconds(20).withNano(0);
            long opening = api().createDrawSession(Times.tomorrow(), flash, 2, 2500, false);
            List<Long> slots = api().generateSlots(opening, List.of(court), "18:00", "20:00", 60, 1);
            long wanted = slots.get(0);
            long other = slots.get(1);
            page.reload();
            // entries are taken from the warm-up: the button is on before the flash time
            page.awaitEnabled(wanted, flash.atZone(Times.zone()).toInstant().minusSeconds(4));
            assertThat(page.button(wanted).getText()).isEqualTo("参加抽签");
            WebElement card = page.openingOf(wanted);
            assertThat(card.findElement(By.cssSelector(".draw-panel")).getText())
                    .contains("公平抽签")
                    .contains("2.5");
            // "also OK": marked, it would go with the entry as a second choice; unmarked again here
            WebElement also = page.row(other).findElement(By.cssSelector("button.wish"));
            page.tap(also);
            page.await(d -> page.row(other)
                    .findElement(By.cssSelector("button.wish"))
                    .getText()
                    .contains("备选 1"));
            assertThat(page.accessibilityViolations())
                    .as("WCAG 2.1 AA, a draw taking entries")
                    .isEmpty();
            page.screenshot("zh-draw-before");
            page.tap(page.row(other).findElement(By.cssSelector("button.wish")));
            page.await(d -> page.row(other)
                    .findElement(By.cssSelector("button.wish"))
                    .getText()
                    .contains("也可以"));

            // the script fires on the flash time's millisecond; the person taps when the button turns on
            Instant flashAt = flash.atZone(Times.zone()).toInstant();
            sleepUntil(flashAt);
            TestApi.Reply scripted = api().reserve(script, opening, wanted);
            assertThat(scripted.status()).as("%s", scripted).isEqualTo(202);
            page.awaitEnabled(wanted, flashAt.plusSeconds(3));
            assertThat(page.button(wanted).getText()).isEqualTo("参加抽签");
            assertThat(page.gateText(wanted)).contains("抽签报名中");
            page.tap(page.button(wanted));
            page.await(d -> page.note(wanted).contains("已参加抽签"));
            putFirstInTheDraw(opening, userIdOf(script), userIdOf(student), wanted);
            assertThat(page.state(other))
                    .as("one entry: the other slots wait for the draw")
                    .isEqualTo("entered");
            page.screenshot("zh-draw-entered");

            // not drawn: said so, with the slot that is left as a one-tap booking
            page.await(d -> page.note(wanted).contains("没有抽中"));
            assertThat(page.alternatives(wanted)).hasSize(1);
            page.screenshot("zh-draw-lost");
            assertThat(api().awaitResult(script, scripted.data().path("traceId").asText(), Times.SETTLE)
                            .data()
                            .path("status")
                            .asText())
                    .isEqualTo("SUCCESS");
            page.tap(page.alternatives(wanted).get(0));
            page.awaitState(other, "mine");
            assertThat(page.gateText(wanted)).contains("已开奖");
            assertThat(page.requestsTo("/reserve/"))
                    .as("the entry and the booking after the draw")
                    .isEqualTo(2);
            assertThat(page.scriptErrors()).as("errors in the page's console").isEmpty();
            invariants().assertHold(opening);
        }
    }

    /**
     * Issue 32: a phone on a slow network (1.5 s added to every request, 40 kB/s down) enters a fair draw
     * before its flash time, from the warm-up on, and is in it: the button is on, says when entry closes,
     * and the only entrant wins the place.
     */
    @Test
    void aPhoneOnASlowNetworkEntersTheDrawBeforeTheFlashTimeAndIsInIt() {
        Student student = api().students(1).get(0);
        String courtName = TestApi.unique("court");
        long court = api().createCourt(courtName);

        try (StudentPage page = new StudentPage(Chromium.open(PHONE, "en-US", Duration.ZERO), port)) {
            page.throttle(1500, 40 * 1024, 20 * 1024);
            page.open("");
            page.signIn(student);
            page.await(d -> page.showsView("slots"), Duration.ofSeconds(30));

            // staff open tomorrow's courts with a draw, 30 s from now (warmed up at once); the student pulls to refresh
            LocalDateTime flash = Times.now().plusSeconds(30).withNano(0);
            Instant flashAt = flash.atZone(Times.zone()).toInstant();
            long opening = api().createDrawSession(Times.tomorrow(), flash, 1, 1000, false);
            long slot = api().generateSlots(opening, List.of(court), "18:00", "19:00", 60, 1)
                    .get(0);
            page.reload();
            page.awaitEnabled(slot, flashAt.minusSeconds(5));
            assertThat(page.button(slot).getText()).isEqualTo("Enter draw");
            assertThat(page.gateText(slot)).contains("Draw open, closes in");
            assertThat(page.openingOf(slot)
                            .findElement(By.cssSelector(".draw-panel"))
                            .getText())
                    .contains("entries open")
                    .contains("close 1 s after the opening time");
            page.js("arguments[0].scrollIntoView({block: 'center'})", page.openingOf(slot));
            page.screenshot("en-draw-slow-phone");

            page.tap(page.button(slot));
            page.await(d -> page.note(slot).contains("You are in the draw"), Duration.ofSeconds(20));
            assertThat(Instant.now())
                    .as("entered, on a 1.5 s network, before the flash time")
                    .isBefore(flashAt);
            assertThat(redisson().getMap(RedisKeys.drawEntries(opening)).containsKey(String.valueOf(userIdOf(student))))
                    .isTrue();

            // the draw at the close: the only entrant wins, and the slot reads as won
            page.await(d -> "mine".equals(page.state(slot)), Duration.ofSeconds(60));
            assertThat(page.button(slot).getText()).isEqualTo("Won");
            assertThat(page.meta(slot)).contains("To pay").doesNotContain("left");
            assertThat(page.buttonLabel(slot))
                    .contains(courtName)
                    .contains(Times.tomorrow().toString().substring(5))
                    .contains("18:00–19:00");
            page.screenshot("en-draw-slow-phone-won");
            assertThat(page.requestsTo("/reserve/")).isEqualTo(1);
            assertThat(page.scriptErrors()).as("errors in the page's console").isEmpty();
            invariants().assertHold(opening);
        }
    }

    /**
     * Issue 55: the draw a student can read, opened at the machine's campus address (plain http, not loopback: the
     * browser offers no Web Crypto, so the page hashes with its own SHA-256 and SHA-1). The page says when the draw
     * ran, how many entered, where the student was drawn, their entry id and the commitment, and "已验证 ✓" from
     * re-running the published record; the same record with its secret edited on the engine's side says "✗" and
     * what does not match, in words.
     */
    @Test
    void aStudentReadsTheirDrawOnACampusAddressVerifiedInThePageAndAnEditedRecordIsRefusedInWords() throws Exception {
        List<Student> students = api().students(3);
        String courtName = TestApi.unique("court");
        long court = api().createCourt(courtName);
        LocalDateTime flash = Times.now().plusSeconds(8).withNano(0);
        long opening = api().createDrawSession(Times.tomorrow(), flash, 1, 1000, false);
        List<Long> slots = api().generateSlots(opening, List.of(court), "18:00", "20:00", 60, 1);
        // three entries for two places: each wants both slots, in different orders
        List<String> traces = new java.util.ArrayList<>();
        for (int i = 0; i < students.size(); i++) {
            long first = slots.get(i % 2);
            long second = slots.get((i + 1) % 2);
            Student student = students.get(i);
            TestApi.Reply entry = await().atMost(Duration.ofSeconds(3))
                    .until(() -> api().reserve(student, opening, first, List.of(second), null), r -> r.status() == 202);
            traces.add(entry.data().path("traceId").asText());
        }
        for (int i = 0; i < students.size(); i++) {
            api().awaitResult(students.get(i), traces.get(i), Duration.ofSeconds(30));
        }
        Student student = students.get(0);
        String entryId = TestApi.expect(200, api().get("/reserve/draws/" + opening + "/entry", student.token()))
                .data()
                .path("entryId")
                .asText();
        var record =
                TestApi.expect(200, api().get("/draws/" + opening, null)).data().path("record");
        assertThat(record.path("entries")).as("the published record").hasSize(3);
        var won = java.util.stream.StreamSupport.stream(record.path("winners").spliterator(), false)
                .filter(w -> w.path("id").asText().equals(entryId))
                .findFirst();

        String campus = campusAddress();
        try (StudentPage page = new StudentPage(Chromium.open(PHONE, "zh-CN", Duration.ZERO), campus, port)) {
            page.open("#/draw/" + opening + "/" + Times.tomorrow());
            page.signIn(student);
            page.await(d -> page.showsView("draw"));
            assertThat(page.js("return window.isSecureContext + ' ' + typeof (window.crypto || {}).subtle"))
                    .as("plain http at %s: no Web Crypto", campus)
                    .isEqualTo("false undefined");
            String verdict = page.await(d -> {
                String text = d.findElement(By.id("view-draw")).getText();
                return text.contains("已验证") || text.contains("✗") ? text : null;
            });
            assertThat(verdict)
                    .contains("已验证 ✓")
                    .doesNotContain("✗")
                    .contains("本页用自带的 SHA-256")
                    .contains("3 人报名，2 个名额，2 人中签")
                    .contains(entryId)
                    .contains(record.path("commitment").asText())
                    .doesNotContain(Times.tomorrow() + "T");
            if (won.isPresent()) {
                String hours =
                        won.get().path("slot").asText().equals(slots.get(0).toString()) ? "18:00–19:00" : "19:00–20:00";
                assertThat(verdict).contains("抽中：" + courtName).contains(hours);
            } else {
                assertThat(verdict).contains("没有抽中");
            }
            WebElement download = page.driver.findElement(By.id("draw-download"));
            assertThat(download.getAttribute("download")).isEqualTo("draw-" + opening + ".json");
            assertThat(download.getAttribute("href")).startsWith("blob:");
            assertThat(page.accessibilityViolations())
                    .as("WCAG 2.1 AA, the draw's page")
                    .isEmpty();
            page.screenshot("zh-draw-verified");
            // the same page in English, redrawn where it is
            page.switchLanguage();
            String english = page.await(d -> {
                String text = d.findElement(By.id("view-draw")).getText();
                return text.contains("Verified ✓") ? text : null;
            });
            assertThat(english)
                    .contains("3 entered for 2 places; 2 drawn")
                    .contains(entryId)
                    .doesNotContain("已验证");
            page.js("window.scrollTo(0, 0)");
            page.screenshot("en-draw-verified");
            page.switchLanguage();
            page.await(d -> d.findElement(By.id("view-draw")).getText().contains("已验证 ✓"));

            // the record as it is kept, with its secret changed: the page no longer verifies it, and says why
            String kept = jdbc().queryForObject(
                            "select publication from draw_record where session_id = ?", String.class, opening);
            String secret = record.path("secret").asText();
            String other = (secret.charAt(0) == '0' ? "1" : "0") + secret.substring(1);
            jdbc().update(
                            "update draw_record set publication = ? where session_id = ?",
                            kept.replace(secret, other),
                            opening);
            page.reload();
            page.await(d -> page.showsView("draw"));
            String refused = page.await(d -> {
                String text = d.findElement(By.id("view-draw")).getText();
                return text.contains("✗") ? text : null;
            });
            assertThat(refused)
                    .contains("✗ 复核不通过")
                    .contains("与报名前公布的承诺值 " + record.path("commitment").asText().substring(0, 12))
                    .contains("密钥不是事先承诺的那个")
                    .as("the student's part as the record says it, no place in an order that does not hold")
                    .contains("但复核不通过，抽签顺序无法确认")
                    .doesNotContain("已验证");
            page.js("window.scrollTo(0, 0)");
            page.screenshot("zh-draw-mismatch");
            assertThat(page.scriptErrors()).as("errors in the page's console").isEmpty();
        }
    }

    /** This machine's first address that is not loopback (a campus address): a browser treats it as insecure. */
    private static String campusAddress() throws java.net.SocketException {
        for (var nic : java.util.Collections.list(java.net.NetworkInterface.getNetworkInterfaces())) {
            if (nic.isUp() && !nic.isLoopback()) {
                for (var address : java.util.Collections.list(nic.getInetAddresses())) {
                    if (address instanceof java.net.Inet4Address
                            && !address.isLoopbackAddress()
                            && !address.isLinkLocalAddress()) {
                        return address.getHostAddress();
                    }
                }
            }
        }
        throw new IllegalStateException("This machine has no address but loopback: the campus address test needs one");
    }

    /**
     * Issue 32: the engine goes away under an open page (a proxy between the two stops forwarding, then
     * cuts every connection): a tap on its way holds only its own slot; the page says the engine cannot
     * be reached; when it can again the banner goes, the place given back meanwhile is on sale, and the
     * note the outage left is gone.
     */
    @Test
    void theEngineGoneUnderAnOpenPageShowsABannerAndItsReturnRefreshesThePlaces() throws Exception {
        List<Student> students = api().students(2);
        Student other = students.get(1);
        String courtName = TestApi.unique("court");
        long court = api().createCourt(courtName);
        LocalDateTime flash = Times.now().plusSeconds(3).withNano(0);
        long opening = api().createSession(Times.tomorrow(), flash, 2);
        List<Long> slots = api().generateSlots(opening, List.of(court), "18:00", "21:00", 60, 1);
        long taken = slots.get(0);
        long lost = slots.get(1);
        long booked = slots.get(2);
        sleepUntil(flash.atZone(Times.zone()).toInstant().plusMillis(300));
        long reservation = api().book(other, opening, taken);

        try (FaultProxy engine = new FaultProxy("127.0.0.1", port);
                StudentPage page = new StudentPage(Chromium.open(PHONE, "zh-CN", Duration.ZERO), engine.port())) {
            page.signInToTheCourts(students.get(0));
            page.awaitState(taken, "soldout");
            assertThat(page.meta(taken)).contains("剩 0/1");

            // a tap whose answer does not come holds its own slot only
            engine.mode(FaultProxy.Mode.FROZEN);
            page.tap(page.button(lost));
            page.await(d -> "提交中…".equals(page.button(lost).getText()));
            assertThat(page.button(lost).isEnabled()).isFalse();
            assertThat(page.button(booked).isEnabled())
                    .as("another slot while a tap is on its way")
                    .isTrue();
            assertThat(page.button(booked).getText()).isEqualTo("预约");
            page.screenshot("zh-one-tap-sending");

            // the engine goes away: said at once, above the places
            engine.mode(FaultProxy.Mode.DOWN);
            page.await(d -> page.networkBanner() != null);
            assertThat(page.networkBanner()).contains("连不上预约服务器").contains("可能已经过时");
            assertThat(page.accessibilityViolations())
                    .as("WCAG 2.1 AA, the network banner")
                    .isEmpty();
            // the tap's note says what the banner says: the server was not reached (not "check your network")
            page.await(d -> page.note(lost).contains("连不上预约服务器"));
            assertThat(page.note(lost)).doesNotContain("检查网络");
            // meanwhile the other student cancels: the place is back on sale
            TestApi.expect(200, api().delete("/reserve/" + reservation, other.token()));
            page.screenshot("zh-engine-unreachable");

            engine.mode(FaultProxy.Mode.PASS);
            page.await(d -> page.networkBanner() == null, Duration.ofSeconds(45));
            page.await(d -> "onsale".equals(page.state(taken)));
            assertThat(page.meta(taken)).contains("剩 1/1");
            page.await(d -> page.note(lost).isBlank());
            page.screenshot("zh-engine-back");

            // one tap books; a slot won reads as won, and says its court and date to a screen reader
            page.tap(page.button(booked));
            page.awaitState(booked, "mine");
            assertThat(page.button(booked).getText()).isEqualTo("已抢到");
            assertThat(page.meta(booked)).contains("待支付").doesNotContain("剩");
            assertThat(page.buttonLabel(booked))
                    .contains(courtName)
                    .contains(Times.tomorrow().toString().substring(5))
                    .contains("20:00–21:00");
            assertThat(page.requestsTo("/reserve/"))
                    .as("the lost tap and the booking")
                    .isEqualTo(2);
            assertThat(page.scriptErrors()).as("errors in the page's console").isEmpty();
            invariants().assertHold(opening);
        }
    }

    /** Issue 32: a sign-in in an opening's first seconds (the rush hold) says that it waits, why, and how long. */
    @Test
    void aSignInInAnOpeningsFirstSecondsSaysItWaitsAndForHowLong() {
        Student student = api().students(1).get(0);
        try (StudentPage page = new StudentPage(Chromium.open(PHONE, "en-US", Duration.ZERO), port)) {
            page.open("");
            page.await(d -> page.showsView("signin"));
            page.driver.findElement(By.name("studentId")).sendKeys(student.studentId());
            page.driver.findElement(By.name("password")).sendKeys(TestApi.passwordOf(student));
            WebElement submit = page.driver.findElement(By.cssSelector("#signin-form button[type=submit]"));
            // the opening is made once the page is ready: a browser slow to start (the first test of a
            // loaded run) must not use up the hold's 4 s before the tap
            LocalDateTime flash = Times.now().plusSeconds(2).withNano(0).plusSeconds(1);
            api().createSession(Times.tomorrow(), flash, 1);
            sleepUntil(flash.atZone(Times.zone()).toInstant().plusMillis(300));
            page.tap(submit);
            // a second on: "slow" at once, then why and how long, once the engine has said
            page.await(d -> d.findElement(By.id("signin-wait")).isDisplayed()
                    && d.findElement(By.id("signin-wait")).getText().contains("sign-ins wait out"));
            assertThat(page.driver.findElement(By.id("signin-wait")).getText())
                    .contains("sign-ins wait out its first seconds")
                    .containsPattern("About [1-4] s left");
            assertThat(submit.getText()).isEqualTo("Signing in…");
            assertThat(submit.isEnabled()).isFalse();
            page.screenshot("en-sign-in-held");
            page.await(d -> page.showsView("slots"));
            assertThat(page.driver.findElement(By.id("signin-wait")).isDisplayed())
                    .isFalse();
            assertThat(page.scriptErrors()).as("errors in the page's console").isEmpty();
        }
    }

    /** A secret under which {@code first} is drawn before {@code second} (both entered for {@code slot} alone). */
    private void putFirstInTheDraw(long opening, long first, long second, long slot) {
        String firstId = com.courtrush.reserve.record.DrawReplay.pseudonym(opening, first);
        String secondId = com.courtrush.reserve.record.DrawReplay.pseudonym(opening, second);
        String digest = com.courtrush.reserve.record.DrawReplay.digest(List.of(
                new com.courtrush.reserve.record.DrawReplay.Entry(
                        firstId, List.of(Long.toString(slot)), 0, List.of(), false),
                new com.courtrush.reserve.record.DrawReplay.Entry(
                        secondId, List.of(Long.toString(slot)), 0, List.of(), false)));
        for (int i = 0; ; i++) {
            String secret = String.format("%032x", i);
            if (com.courtrush.reserve.record.DrawReplay.orderKey(secret, digest, firstId)
                            .compareTo(com.courtrush.reserve.record.DrawReplay.orderKey(secret, digest, secondId))
                    < 0) {
                jdbc().update(
                                "update draw_record set secret = ?, commitment = ? where session_id = ?",
                                secret,
                                com.courtrush.core.Digests.sha256Hex(secret),
                                opening);
                return;
            }
        }
    }

    private static void sleepUntil(Instant moment) {
        long millis = Duration.between(Instant.now(), moment).toMillis();
        if (millis > 0) {
            TestApi.sleep(millis);
        }
    }
}
