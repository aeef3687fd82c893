package com.courtrush.page;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.courtrush.infra.redis.RedisKeys;
import com.courtrush.support.Chromium;
import com.courtrush.support.FaultProxy;
import com.courtrush.support.TestApi;
import com.courtrush.support.TestApi.Student;
import com.courtrush.support.Times;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.interactions.Actions;

/**
 * The students' page in a real Chromium at phone width, against the embedded engine: what a student does at the flash
 * opening, end to end — the countdown on the engine's clock, the race for the last place, the fair share, a pass, a
 * draw and its published record, a slow network, the engine gone and back, a sign-in held in the first seconds.
 * Screenshots land in {@code target/page-screenshots}.
 */
class StudentPageIT extends PageTest {

    private static final String XSS_COURT = "<img src=x onerror=alert(1)>";

    @Test
    void aStudentWhosePhoneIsFortySecondsFastIsLetInOnTheEnginesClockThenPaysAndRefunds() {
        Student student = api().students(1).get(0);
        long court = api().createCourt(XSS_COURT);

        try (StudentPage page = new StudentPage(Chromium.open(PHONE, "zh-CN", Duration.ofSeconds(40)), port)) {
            page.open("");
            page.signIn(student.studentId(), "not-the-password");
            assertThat(page.signInError()).isEqualTo("账号或密码错误。");
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
            assertThat(page.bookingText(reservationId)).contains("前可退款");

            // refund with a reason: the booking says it was refunded and why
            page.tapInBooking(reservationId, "button.secondary");
            page.sheet().findElement(By.name("reason")).sendKeys("下雨了 <b>不去</b>");
            page.tap(page.sheet().findElement(By.cssSelector("button.danger")));
            page.await(d -> page.booking(reservationId).getText().contains("已取消"));
            assertThat(page.bookingText(reservationId)).contains("已退款").contains("原因：下雨了 <b>不去</b>");
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
            assertThat(winner.note(later)).contains(winner == zh ? "已达每人上限" : "the most one student may hold");
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
                    panel.findElement(By.cssSelector(".pass-status")).getText().contains("attempts left: 4"));
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
            // a second on: "slow" at once, then why and how long, once the engine has said; the message and the
            // button read in one look (on a loaded machine the hold may end between two)
            @SuppressWarnings("unchecked")
            List<Object> held =
                    page.await(d -> (List<Object>) page.js("const wait = document.getElementById('signin-wait');"
                            + "const submit = document.querySelector('#signin-form button[type=submit]');"
                            + "return wait.offsetParent !== null && wait.innerText.includes('sign-ins wait out')"
                            + " ? [wait.innerText, submit.innerText, submit.disabled] : null;"));
            assertThat((String) held.get(0))
                    .contains("sign-ins wait out its first seconds")
                    .containsPattern("About [1-4] s left");
            assertThat(held.subList(1, 3)).containsExactly("Signing in…", true);
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
}
