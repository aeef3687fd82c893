package com.courtrush.recurring;

import com.baomidou.mybatisplus.core.conditions.query.LambdaQueryWrapper;
import com.courtrush.audit.AuditLog;
import com.courtrush.audit.AuditTrail;
import com.courtrush.audit.api.AuditAction;
import com.courtrush.audit.api.SystemActor;
import com.courtrush.core.CourtRushException;
import com.courtrush.core.EngineText;
import com.courtrush.opening.OpeningService;
import com.courtrush.opening.ReserveSession;
import com.courtrush.opening.api.NewOpening;
import com.courtrush.recurring.api.RunOutcome;
import com.courtrush.recurring.api.RunResult;
import com.courtrush.slot.SlotGenerator;
import java.time.Clock;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.locks.ReentrantLock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.dao.DataAccessException;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.stereotype.Service;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Makes the openings the rules say. For each active rule, every date from today to
 * {@code daysAhead} days ahead on one of its weekdays, not closed and whose first slot has not begun,
 * gets one opening with the rule's slots (a one-off change for the date applied). The run row, the
 * opening and its slots commit together, and the run row is unique per rule and date: two nodes (or
 * two runs on one) can never both make the same date's opening. A date that cannot be made (a court
 * disabled, an overlap) is recorded as failed, with why, and tried again after the rule or that date
 * is changed. Runs at start-up (catching up what was missed while no engine ran) and every minute
 * ({@link RuleClock}).
 */
@Service
public class RuleRunner {

    public static final String SYSTEM = SystemActor.RULES.actor();
    private static final Logger log = LoggerFactory.getLogger(RuleRunner.class);

    private final OpeningRuleMapper rules;
    private final RuleRunMapper runs;
    private final RuleDates dates;
    private final OpeningService openings;
    private final SlotGenerator generator;
    private final AuditTrail audit;
    private final TransactionTemplate transactions;
    private final Clock clock;
    /** One run at a time on this node (the clock's and staff's "run now"); nodes are kept apart by the run row. */
    private final ReentrantLock running = new ReentrantLock();

    RuleRunner(
            OpeningRuleMapper rules,
            RuleRunMapper runs,
            RuleDates dates,
            OpeningService openings,
            SlotGenerator generator,
            AuditTrail audit,
            TransactionTemplate transactions,
            Clock clock) {
        this.rules = rules;
        this.runs = runs;
        this.dates = dates;
        this.openings = openings;
        this.generator = generator;
        this.audit = audit;
        this.transactions = transactions;
        this.clock = clock;
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
                Map<LocalDate, RuleRun> made = dates.runsOf(rule.getId(), today, last);
                Map<LocalDate, RuleException> changes = dates.exceptionsOf(rule.getId(), today, last);
                List<Integer> days = rule.weekdayList();
                for (LocalDate date = today; !date.isAfter(last); date = date.plusDays(1)) {
                    RuleException change = changes.get(date);
                    EffectiveDay effective = EffectiveDay.of(rule, date, change);
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
    private RunResult make(OpeningRule rule, LocalDate date, EffectiveDay effective, String actor) {
        try {
            long sessionId = Objects.requireNonNull(transactions.execute(tx -> {
                RuleRun run = run(rule.getId(), date, RunOutcome.CREATED, null);
                runs.insert(run); // a second maker waits here for the first, then fails: the date is taken
                ReserveSession session = openings.createScheduled(
                        new NewOpening(date, effective.flashAt(), effective.perUserLimit(), rule.getWarmupLeadMinutes())
                                .inVenue(generator.venueOf(effective.template().courtIds())),
                        actor);
                generator.generate(session.getId(), effective.template(), actor);
                run.setSessionId(session.getId());
                runs.updateById(run);
                return session.getId();
            }));
            audit.record(
                    actor,
                    AuditAction.RULE_OPENING,
                    OpeningRules.AUDIT_TARGET,
                    rule.getId(),
                    new EngineText("rule.created", rule.getName(), date, sessionId));
            log.info("Rule {} ({}) made opening {} for {}", rule.getId(), rule.getName(), sessionId, date);
            return new RunResult(rule.getId(), rule.getName(), date, RunOutcome.CREATED, sessionId, null);
        } catch (DuplicateKeyException taken) {
            log.debug("Rule {}'s opening for {} was made elsewhere", rule.getId(), date);
            return null;
        } catch (CourtRushException refused) {
            EngineText why = new EngineText("rule.failed", rule.getName(), date, refused.text());
            try {
                runs.insert(run(rule.getId(), date, RunOutcome.FAILED, AuditLog.encode(why)));
            } catch (DuplicateKeyException taken) {
                return null; // another node made it, or recorded the same failure, meanwhile
            }
            audit.record(actor, AuditAction.RULE_FAILED, OpeningRules.AUDIT_TARGET, rule.getId(), why);
            log.warn(
                    "Rule {} ({}) could not make the opening for {}: {}",
                    rule.getId(),
                    rule.getName(),
                    date,
                    refused.getMessage());
            return new RunResult(rule.getId(), rule.getName(), date, RunOutcome.FAILED, null, why);
        } catch (DataAccessException busy) {
            log.warn(
                    "Rule {}'s opening for {} not made this time ({}); the next run tries again",
                    rule.getId(),
                    date,
                    busy.getMessage());
            return null;
        }
    }

    private static RuleRun run(long ruleId, LocalDate date, RunOutcome outcome, String detail) {
        RuleRun run = new RuleRun();
        run.setRuleId(ruleId);
        run.setRuleDate(date);
        run.setOutcome(outcome);
        run.setDetail(detail);
        return run;
    }
}
