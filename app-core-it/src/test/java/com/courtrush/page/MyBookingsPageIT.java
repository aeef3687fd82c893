package com.courtrush.page;

import static org.assertj.core.api.Assertions.assertThat;

import com.courtrush.notice.BookingReminders;
import com.courtrush.notice.api.PageAddress;
import com.courtrush.reserve.stock.Blocks;
import com.courtrush.support.AtGymHours;
import com.courtrush.support.Chromium;
import com.courtrush.support.Mailbox;
import com.courtrush.support.TestApi;
import com.courtrush.support.TestApi.Student;
import com.courtrush.support.TestClock;
import com.courtrush.support.Times;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;

/**
 * The students' page in a real Chromium at phone width, against the embedded engine: what a student does with a
 * booking after the rush — pays at the desk, shows its check-in codes, follows the desk and staff without a tap, names
 * a partner, takes a place from the waitlist, reads older bookings, opens a reminder's link, and signs in again after
 * a revoked session (paying at WeChat Pay and its refunds: {@link PayPageIT}). Screenshots land in {@code
 * target/page-screenshots}.
 */
class MyBookingsPageIT extends PageTest {

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
        for (int daysAgo = 40; daysAgo < 65; daysAgo++) {
            playedDaysAgo(student, court, daysAgo);
        }
        try (StudentPage page = new StudentPage(Chromium.open(PHONE, "zh-CN", Duration.ZERO), port)) {
            page.signInToTheCourts(student);
            page.open("#/mine");
            // drawn at once from what the page holds, then again when my bookings answer: the answer's cards
            page.await(d -> !d.findElements(By.cssSelector("#mine-list article.booking"))
                            .isEmpty()
                    && !d.findElements(By.id("mine-older")).isEmpty());
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

    /** A game the student played {@code daysAgo} days ago at 18:00, checked in, as the engine kept it; its id. */
    private long playedDaysAgo(Student student, long court, int daysAgo) {
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
                        userIdOf(student),
                        slot,
                        past,
                        day,
                        userIdOf(student),
                        day.atTime(17, 55));
        return jdbc().queryForObject("select max(id) from reservation", Long.class);
    }

    /**
     * My bookings puts the next game on top (SPEC §20; issue 75: newest booking first put the game starting in a few
     * minutes at the bottom): the upcoming ones soonest first, then those played, latest first — as {@code
     * /reservations/mine} answers and as the page draws its cards.
     */
    @Test
    void myBookingsPutTheNextGameOnTopThenThePlayedOnesLatestFirst() {
        Times.clearOfMidnight(Duration.ZERO); // a game starting in two minutes is today's
        Student student = api().students(1).get(0);
        long court = api().createCourt();
        java.time.LocalDate tomorrow = Times.tomorrow();
        long opening = api().createSession(tomorrow, Times.now(), 2);
        List<Long> slots = api().generateSlots(opening, List.of(court), "08:00", "19:00", 60, 1);
        long morning = api().book(student, opening, slots.get(0)); // booked before the evening's, played before it
        long evening = api().book(student, opening, slots.get(10));
        long later = api().createSession(tomorrow.plusDays(1), Times.now(), 2);
        long soonSlot = api().generateSlots(later, List.of(court), "08:00", "09:00", 60, 1)
                .get(0);
        long soon = api().book(student, later, soonSlot); // booked last, moved to start in two minutes
        startSlotAt(soonSlot, Times.now().plusMinutes(2).withNano(0));
        long threeDaysAgo = playedDaysAgo(student, court, 3); // kept before the older one: ids do not order them
        long tenDaysAgo = playedDaysAgo(student, court, 10);
        List<Long> expected = List.of(soon, morning, evening, threeDaysAgo, tenDaysAgo);

        List<Long> answered = new java.util.ArrayList<>();
        TestApi.expect(200, api().get("/reservations/mine", student.token()))
                .data()
                .forEach(booking -> answered.add(booking.path("reservationId").asLong()));
        assertThat(answered).as("GET /reservations/mine").isEqualTo(expected);
        try (StudentPage page = new StudentPage(Chromium.open(PHONE, "en-US", Duration.ZERO), port)) {
            page.signInToTheCourts(student);
            page.open("#/mine");
            String cards = "return [...document.querySelectorAll('#mine-list article[data-reservation]')]"
                    + ".map(card => Number(card.dataset.reservation))";
            page.await(d -> ((List<?>) page.js(cards)).size() == expected.size());
            assertThat((List<?>) page.js(cards)).as("the cards, top to bottom").isEqualTo(expected);
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
}
