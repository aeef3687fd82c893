package com.courtrush.recurring;

import com.baomidou.mybatisplus.core.conditions.query.LambdaQueryWrapper;
import com.courtrush.audit.AuditLog;
import com.courtrush.audit.AuditTrail;
import com.courtrush.opening.OpeningService;
import com.courtrush.opening.ReserveSession;
import com.courtrush.slot.SlotGenerator;
import com.courtrush.web.CourtRushException;
import com.courtrush.web.EngineText;
import com.courtrush.web.Texts;
import java.time.Clock;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.dao.DataAccessException;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.stereotype.Service;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Standing rules that become openings on their own. For each active rule, every date from today to
 * {@code daysAhead} days ahead on one of its weekdays, not closed and whose first slot has not begun,
 * gets one opening with the rule's slots (a one-off change for the date applied). The run row, the
 * opening and its slots commit together, and the run row is unique per rule and date: two nodes (or
 * two runs on one) can never both make the same date's opening. A date that cannot be made (a court
 * disabled, an overlap) is recorded as failed, with why, and tried again after the rule or that date
 * is changed. Runs at start-up (catching up what was missed while no engine ran) and every minute.
 */
@Service
public class OpeningRules {

    public static final String SYSTEM = "system:rules";
    static final String AUDIT_TARGET = "RULE";
    private static final Logger log = LoggerFactory.getLogger(OpeningRules.class);

    private final OpeningRuleMapper rules;
    private final RuleExceptionMapper exceptions;
    private final RuleRunMapper runs;
    private final OpeningService openings;
    private final SlotGenerator generator;
    private final AuditTrail audit;
    private final TransactionTemplate transactions;
    private final Clock clock;
    /** One run at a time on this node (the clock's and staff's "run now"); nodes are kept apart by the run row. */
    private final ReentrantLock running = new ReentrantLock();

    OpeningRules(
            OpeningRuleMapper rules,
            RuleExceptionMapper exceptions,
            RuleRunMapper runs,
            OpeningService openings,
            SlotGenerator generator,
            AuditTrail audit,
            TransactionTemplate transactions,
            Clock clock) {
        this.rules = rules;
        this.exceptions = exceptions;
        this.runs = runs;
        this.openings = openings;
        this.generator = generator;
        this.audit = audit;
        this.transactions = transactions;
        this.clock = clock;
    }

    public List<Rule> list() {
        return rules.selectList(new LambdaQueryWrapper<OpeningRule>().orderByAsc(OpeningRule::getId)).stream()
                .map(Rule::of)
                .toList();
    }

    public Rule get(long id) {
        return Rule.of(row(id));
    }

    public Rule create(RuleForm form, String actor) {
        OpeningRule rule = form.validated().applyTo(new OpeningRule());
        rule.setActive(true);
        rules.insert(rule);
        audit.record(actor, "CREATE_RULE", AUDIT_TARGET, rule.getId(), new EngineText("rule.saved", rule.getName()));
        return get(rule.getId());
    }

    /** Changes a rule; dates it could not make are tried again (openings it made stay as they are). */
    public Rule update(long id, RuleForm form, String actor) {
        OpeningRule rule = form.validated().applyTo(row(id));
        rules.updateById(rule);
        forgetFailures(id, null);
        audit.record(actor, "EDIT_RULE", AUDIT_TARGET, id, new EngineText("rule.saved", rule.getName()));
        return get(id);
    }

    public Rule setActive(long id, boolean active, String actor) {
        OpeningRule rule = row(id);
        rule.setActive(active);
        rules.updateById(rule);
        forgetFailures(id, null);
        audit.record(actor, active ? "ENABLE_RULE" : "DISABLE_RULE", AUDIT_TARGET, id);
        return get(id);
    }

    /** Closes a date of the rule (a holiday) or changes it once; replaces what the date had. */
    public DateChange setException(long id, LocalDate date, DateChange change, String actor) {
        OpeningRule rule = row(id);
        change.validate();
        RuleException row = exceptions.selectOne(exceptionOf(id, date));
        if (row == null) {
            row = new RuleException();
            row.setRuleId(id);
            row.setRuleDate(date);
        }
        change.applyTo(row);
        if (row.getId() == null) {
            exceptions.insert(row);
        } else {
            exceptions.updateById(row);
        }
        forgetFailures(id, date);
        audit.record(
                actor,
                Boolean.TRUE.equals(change.closed()) ? "CLOSE_RULE_DATE" : "CHANGE_RULE_DATE",
                AUDIT_TARGET,
                id,
                new EngineText("rule.dateChanged", rule.getName(), date));
        return DateChange.of(row);
    }

    /** The date follows the rule again. */
    public void removeException(long id, LocalDate date, String actor) {
        OpeningRule rule = row(id);
        if (exceptions.delete(exceptionOf(id, date)) > 0) {
            forgetFailures(id, date);
            audit.record(
                    actor,
                    "RESTORE_RULE_DATE",
                    AUDIT_TARGET,
                    id,
                    new EngineText("rule.dateChanged", rule.getName(), date));
        }
    }

    /** What the rule does on each of {@code days} dates from {@code from}: made, failed, closed, or to come. */
    public List<PlanDay> plan(long id, LocalDate from, int days) {
        if (days < 1 || days > 62) {
            throw CourtRushException.badRequest("rule.planDays");
        }
        OpeningRule rule = row(id);
        LocalDate to = from.plusDays(days - 1L);
        Map<LocalDate, RuleRun> made = runsOf(id, from, to);
        Map<LocalDate, RuleException> changes = exceptionsOf(id, from, to);
        LocalDateTime now = LocalDateTime.now(clock);
        List<PlanDay> plan = new ArrayList<>();
        for (LocalDate date = from; !date.isAfter(to); date = date.plusDays(1)) {
            RuleException change = changes.get(date);
            RuleRun run = made.get(date);
            Effective effective = Effective.of(rule, date, change);
            PlanDay.Status status;
            if (run != null) {
                status = run.getOutcome() == RuleRun.Outcome.CREATED ? PlanDay.Status.CREATED : PlanDay.Status.FAILED;
            } else if (!Boolean.TRUE.equals(rule.getActive())) {
                status = PlanDay.Status.RULE_OFF;
            } else if (!Rule.days(rule.getWeekdays())
                    .contains(date.getDayOfWeek().getValue())) {
                status = PlanDay.Status.NOT_THIS_DAY;
            } else if (change != null && Boolean.TRUE.equals(change.getClosed())) {
                status = PlanDay.Status.CLOSED;
            } else if (!date.atTime(effective.start()).isAfter(now)) {
                status = PlanDay.Status.MISSED;
            } else {
                status = PlanDay.Status.TO_COME;
            }
            plan.add(new PlanDay(
                    date,
                    status,
                    run == null ? null : run.getSessionId(),
                    run == null ? null : AuditLog.decode(run.getDetail()),
                    effective.flashAt(),
                    status == PlanDay.Status.TO_COME ? date.minusDays(rule.getDaysAhead()) : null,
                    change == null ? null : DateChange.of(change)));
        }
        return plan;
    }

    /** Makes every opening that is due now; what each rule did. */
    public List<RunResult> runDue(String actor) {
        running.lock();
        try {
            LocalDateTime now = LocalDateTime.now(clock);
            List<RunResult> results = new ArrayList<>();
            for (OpeningRule rule : rules.selectList(new LambdaQueryWrapper<OpeningRule>()
                    .eq(OpeningRule::getActive, true)
                    .orderByAsc(OpeningRule::getId))) {
                LocalDate today = now.toLocalDate();
                LocalDate last = today.plusDays(rule.getDaysAhead());
                Map<LocalDate, RuleRun> made = runsOf(rule.getId(), today, last);
                Map<LocalDate, RuleException> changes = exceptionsOf(rule.getId(), today, last);
                List<Integer> days = Rule.days(rule.getWeekdays());
                for (LocalDate date = today; !date.isAfter(last); date = date.plusDays(1)) {
                    RuleException change = changes.get(date);
                    Effective effective = Effective.of(rule, date, change);
                    if (made.containsKey(date)
                            || !days.contains(date.getDayOfWeek().getValue())
                            || (change != null && Boolean.TRUE.equals(change.getClosed()))
                            || !date.atTime(effective.start()).isAfter(now)) {
                        continue;
                    }
                    RunResult result = make(rule, date, effective, actor);
                    if (result != null) {
                        results.add(result);
                    }
                }
            }
            return results;
        } finally {
            running.unlock();
        }
    }

    /** One date's opening, or why not; null when another node made it first or the database was busy. */
    private RunResult make(OpeningRule rule, LocalDate date, Effective effective, String actor) {
        try {
            long sessionId = Objects.requireNonNull(transactions.execute(tx -> {
                RuleRun run = run(rule.getId(), date, RuleRun.Outcome.CREATED, null);
                runs.insert(run); // a second maker waits here for the first, then fails: the date is taken
                ReserveSession session = openings.createScheduled(
                        new OpeningService.NewOpening(
                                date, effective.flashAt(), effective.perUserLimit(), rule.getWarmupLeadMinutes()),
                        actor);
                generator.generate(session.getId(), effective.template(), actor);
                run.setSessionId(session.getId());
                runs.updateById(run);
                return session.getId();
            }));
            audit.record(
                    actor,
                    "RULE_OPENING",
                    AUDIT_TARGET,
                    rule.getId(),
                    new EngineText("rule.created", rule.getName(), date, sessionId));
            log.info("Rule {} ({}) made opening {} for {}", rule.getId(), rule.getName(), sessionId, date);
            return new RunResult(rule.getId(), rule.getName(), date, RuleRun.Outcome.CREATED, sessionId, null);
        } catch (DuplicateKeyException taken) {
            log.debug("Rule {}'s opening for {} was made elsewhere", rule.getId(), date);
            return null;
        } catch (CourtRushException refused) {
            EngineText why = new EngineText("rule.failed", rule.getName(), date, refused.text());
            try {
                runs.insert(run(rule.getId(), date, RuleRun.Outcome.FAILED, AuditLog.encode(why)));
            } catch (DuplicateKeyException taken) {
                return null; // another node made it, or recorded the same failure, meanwhile
            }
            audit.record(actor, "RULE_FAILED", AUDIT_TARGET, rule.getId(), why);
            log.warn(
                    "Rule {} ({}) could not make the opening for {}: {}",
                    rule.getId(),
                    rule.getName(),
                    date,
                    refused.getMessage());
            return new RunResult(rule.getId(), rule.getName(), date, RuleRun.Outcome.FAILED, null, why);
        } catch (DataAccessException busy) {
            log.warn(
                    "Rule {}'s opening for {} not made this time ({}); the next run tries again",
                    rule.getId(),
                    date,
                    busy.getMessage());
            return null;
        }
    }

    private static RuleRun run(long ruleId, LocalDate date, RuleRun.Outcome outcome, String detail) {
        RuleRun run = new RuleRun();
        run.setRuleId(ruleId);
        run.setRuleDate(date);
        run.setOutcome(outcome);
        run.setDetail(detail);
        return run;
    }

    /** Failed dates of the rule (from today; of one date when given) are tried again. */
    private void forgetFailures(long ruleId, LocalDate date) {
        runs.delete(new LambdaQueryWrapper<RuleRun>()
                .eq(RuleRun::getRuleId, ruleId)
                .eq(RuleRun::getOutcome, RuleRun.Outcome.FAILED)
                .eq(date != null, RuleRun::getRuleDate, date)
                .ge(date == null, RuleRun::getRuleDate, LocalDate.now(clock)));
    }

    private Map<LocalDate, RuleRun> runsOf(long ruleId, LocalDate from, LocalDate to) {
        return runs
                .selectList(new LambdaQueryWrapper<RuleRun>()
                        .eq(RuleRun::getRuleId, ruleId)
                        .between(RuleRun::getRuleDate, from, to))
                .stream()
                .collect(Collectors.toMap(RuleRun::getRuleDate, Function.identity()));
    }

    private Map<LocalDate, RuleException> exceptionsOf(long ruleId, LocalDate from, LocalDate to) {
        return exceptions
                .selectList(new LambdaQueryWrapper<RuleException>()
                        .eq(RuleException::getRuleId, ruleId)
                        .between(RuleException::getRuleDate, from, to))
                .stream()
                .collect(Collectors.toMap(RuleException::getRuleDate, Function.identity()));
    }

    private static LambdaQueryWrapper<RuleException> exceptionOf(long ruleId, LocalDate date) {
        return new LambdaQueryWrapper<RuleException>()
                .eq(RuleException::getRuleId, ruleId)
                .eq(RuleException::getRuleDate, date);
    }

    private OpeningRule row(long id) {
        OpeningRule rule = rules.selectById(id);
        if (rule == null) {
            throw CourtRushException.notFound("rule.notFound", id);
        }
        return rule;
    }

    /** What a rule makes on one date, its one-off change applied. */
    private record Effective(
            LocalDateTime flashAt, LocalTime start, int perUserLimit, SlotGenerator.SlotTemplate template) {

        static Effective of(OpeningRule rule, LocalDate date, RuleException change) {
            LocalTime flash = pick(change, RuleException::getFlashTime, rule.getFlashTime());
            LocalTime start = pick(change, RuleException::getStartTime, rule.getStartTime());
            LocalTime end = pick(change, RuleException::getEndTime, rule.getEndTime());
            return new Effective(
                    date.minusDays(rule.getFlashDaysBefore()).atTime(flash),
                    start,
                    pick(change, RuleException::getPerUserLimit, rule.getPerUserLimit()),
                    new SlotGenerator.SlotTemplate(
                            Rule.courts(rule.getCourtIds()),
                            start,
                            end,
                            rule.getDurationMinutes(),
                            pick(change, RuleException::getCapacity, rule.getCapacity()),
                            pick(change, RuleException::getPriceCents, rule.getPriceCents())));
        }

        private static <T> T pick(RuleException change, Function<RuleException, T> value, T otherwise) {
            T changed = change == null ? null : value.apply(change);
            return changed != null ? changed : otherwise;
        }
    }

    /** A rule as staff see and edit it. */
    public record Rule(
            long id,
            String name,
            boolean active,
            int daysAhead,
            List<Integer> weekdays,
            LocalTime flashTime,
            int flashDaysBefore,
            int warmupLeadMinutes,
            int perUserLimit,
            List<Long> courtIds,
            LocalTime startTime,
            LocalTime endTime,
            int durationMinutes,
            int capacity,
            Integer priceCents) {

        static Rule of(OpeningRule r) {
            return new Rule(
                    r.getId(),
                    r.getName(),
                    Boolean.TRUE.equals(r.getActive()),
                    r.getDaysAhead(),
                    days(r.getWeekdays()),
                    r.getFlashTime(),
                    r.getFlashDaysBefore(),
                    r.getWarmupLeadMinutes(),
                    r.getPerUserLimit(),
                    courts(r.getCourtIds()),
                    r.getStartTime(),
                    r.getEndTime(),
                    r.getDurationMinutes(),
                    r.getCapacity(),
                    r.getPriceCents());
        }

        static List<Integer> days(String weekdays) {
            return weekdays.chars().map(c -> c - '0').boxed().toList();
        }

        static List<Long> courts(String courtIds) {
            return Arrays.stream(courtIds.split(","))
                    .map(String::strip)
                    .filter(s -> !s.isEmpty())
                    .map(Long::valueOf)
                    .toList();
        }
    }

    /** A rule to create or the new state of one; weekdays are ISO numbers (1 = Monday). */
    public record RuleForm(
            String name,
            Integer daysAhead,
            List<Integer> weekdays,
            LocalTime flashTime,
            Integer flashDaysBefore,
            Integer warmupLeadMinutes,
            Integer perUserLimit,
            List<Long> courtIds,
            LocalTime startTime,
            LocalTime endTime,
            Integer durationMinutes,
            Integer capacity,
            Integer priceCents) {

        RuleForm validated() {
            if (name == null || name.isBlank() || name.strip().length() > 64 || !Texts.isPlain(name)) {
                throw CourtRushException.badRequest("rule.name");
            }
            if (daysAhead == null || daysAhead < 1 || daysAhead > 30) {
                throw CourtRushException.badRequest("rule.daysAhead");
            }
            if (weekdays == null
                    || weekdays.isEmpty()
                    || weekdays.stream().anyMatch(d -> d == null || d < 1 || d > 7)) {
                throw CourtRushException.badRequest("rule.weekdays");
            }
            if (flashTime == null || flashDaysBefore == null || flashDaysBefore < 0 || flashDaysBefore > 30) {
                throw CourtRushException.badRequest("rule.flash");
            }
            if (warmupLeadMinutes != null && (warmupLeadMinutes < 0 || warmupLeadMinutes > 1440)) {
                throw CourtRushException.badRequest("opening.warmupLead");
            }
            if (perUserLimit == null || perUserLimit < 1 || perUserLimit > 100) {
                throw CourtRushException.badRequest("opening.perUserLimit");
            }
            new SlotGenerator.SlotTemplate(courtIds, startTime, endTime, durationMinutes, capacity, priceCents)
                    .validate();
            if (flashDaysBefore == 0 && flashTime.isAfter(startTime)) {
                throw CourtRushException.badRequest("rule.flashAfterStart", flashTime, startTime);
            }
            return this;
        }

        OpeningRule applyTo(OpeningRule rule) {
            rule.setName(name.strip());
            rule.setDaysAhead(daysAhead);
            rule.setWeekdays(
                    weekdays.stream().distinct().sorted().map(String::valueOf).collect(Collectors.joining()));
            rule.setFlashTime(flashTime.withSecond(0).withNano(0));
            rule.setFlashDaysBefore(flashDaysBefore);
            rule.setWarmupLeadMinutes(
                    warmupLeadMinutes == null ? OpeningService.DEFAULT_WARMUP_LEAD_MINUTES : warmupLeadMinutes);
            rule.setPerUserLimit(perUserLimit);
            rule.setCourtIds(courtIds.stream().distinct().map(String::valueOf).collect(Collectors.joining(",")));
            rule.setStartTime(startTime);
            rule.setEndTime(endTime);
            rule.setDurationMinutes(durationMinutes);
            rule.setCapacity(capacity);
            rule.setPriceCents(priceCents);
            return rule;
        }
    }

    /** A date closed, or changed once (null: as the rule says). */
    public record DateChange(
            Boolean closed,
            LocalTime flashTime,
            LocalTime startTime,
            LocalTime endTime,
            Integer capacity,
            Integer priceCents,
            Integer perUserLimit,
            String note) {

        static DateChange of(RuleException e) {
            return new DateChange(
                    e.getClosed(),
                    e.getFlashTime(),
                    e.getStartTime(),
                    e.getEndTime(),
                    e.getCapacity(),
                    e.getPriceCents(),
                    e.getPerUserLimit(),
                    e.getNote());
        }

        void validate() {
            if (note != null && (note.length() > 255 || !Texts.isPlain(note))) {
                throw CourtRushException.badRequest("rule.note");
            }
            if (capacity != null && (capacity < 1 || capacity > 1000)) {
                throw CourtRushException.badRequest("slot.capacity");
            }
            if (priceCents != null && (priceCents < 0 || priceCents > 10_000_000)) {
                throw CourtRushException.badRequest("slot.price");
            }
            if (perUserLimit != null && (perUserLimit < 1 || perUserLimit > 100)) {
                throw CourtRushException.badRequest("opening.perUserLimit");
            }
            if (!Boolean.TRUE.equals(closed)
                    && flashTime == null
                    && startTime == null
                    && endTime == null
                    && capacity == null
                    && priceCents == null
                    && perUserLimit == null) {
                throw CourtRushException.badRequest("rule.nothingChanged");
            }
        }

        void applyTo(RuleException row) {
            row.setClosed(Boolean.TRUE.equals(closed));
            row.setFlashTime(flashTime);
            row.setStartTime(startTime);
            row.setEndTime(endTime);
            row.setCapacity(capacity);
            row.setPriceCents(priceCents);
            row.setPerUserLimit(perUserLimit);
            row.setNote(note == null || note.isBlank() ? null : note.strip());
        }
    }

    /**
     * One date of a rule's plan.
     *
     * @param sessionId the opening it made (CREATED)
     * @param why       why it could not (FAILED)
     * @param madeOn    when it will be made (TO_COME): days ahead of the date
     */
    public record PlanDay(
            LocalDate date,
            Status status,
            Long sessionId,
            EngineText why,
            LocalDateTime flashAt,
            LocalDate madeOn,
            DateChange change) {

        /** What the rule does on the date. */
        public enum Status {
            CREATED,
            FAILED,
            CLOSED,
            NOT_THIS_DAY,
            RULE_OFF,
            MISSED,
            TO_COME
        }
    }

    /** What one run did for one rule and date. */
    public record RunResult(
            long ruleId, String ruleName, LocalDate date, RuleRun.Outcome outcome, Long sessionId, EngineText why) {}
}
