package com.courtrush.recurring;

import com.courtrush.audit.AuditLog;
import com.courtrush.core.CourtRushException;
import com.courtrush.recurring.api.PlanDay;
import com.courtrush.recurring.api.RunOutcome;
import java.time.Clock;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.springframework.stereotype.Service;

/** What a rule does on coming dates: made, failed, closed, not its day, or to come and when. */
@Service
public class RulePlanner {

    private final RuleDates dates;
    private final Clock clock;

    RulePlanner(RuleDates dates, Clock clock) {
        this.dates = dates;
        this.clock = clock;
    }

    /** What the rule does on each of {@code days} dates from {@code from}: made, failed, closed, or to come. */
    public List<PlanDay> plan(long id, LocalDate from, int days) {
        if (days < 1 || days > 62) {
            throw CourtRushException.badRequest("rule.planDays");
        }
        OpeningRule rule = dates.rule(id);
        LocalDate to = from.plusDays(days - 1L);
        Map<LocalDate, RuleRun> made = dates.runsOf(id, from, to);
        Map<LocalDate, RuleException> changes = dates.exceptionsOf(id, from, to);
        LocalDateTime now = LocalDateTime.now(clock);
        List<PlanDay> plan = new ArrayList<>();
        for (LocalDate date = from; !date.isAfter(to); date = date.plusDays(1)) {
            RuleException change = changes.get(date);
            RuleRun run = made.get(date);
            EffectiveDay effective = EffectiveDay.of(rule, date, change);
            PlanDay.Status status;
            if (run != null) {
                status = run.getOutcome() == RunOutcome.CREATED ? PlanDay.Status.CREATED : PlanDay.Status.FAILED;
            } else if (!Boolean.TRUE.equals(rule.getActive())) {
                status = PlanDay.Status.RULE_OFF;
            } else if (!rule.weekdayList().contains(date.getDayOfWeek().getValue())) {
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
                    change == null ? null : change.change()));
        }
        return plan;
    }
}
