package com.courtrush.recurring.desk;

import com.courtrush.account.api.Caller;
import com.courtrush.recurring.OpeningRules;
import com.courtrush.recurring.RulePlanner;
import com.courtrush.recurring.RuleRunner;
import com.courtrush.recurring.api.DateChange;
import com.courtrush.recurring.api.PlanDay;
import com.courtrush.recurring.api.RuleForm;
import com.courtrush.recurring.api.RuleView;
import com.courtrush.recurring.api.RunResult;
import com.courtrush.venue.DeskVenues;
import java.time.LocalDate;
import java.util.List;
import org.springframework.stereotype.Component;

/**
 * What staff do at the console or over HTTP with recurring openings: the rules and their one-off dates, a rule's
 * plan for the coming days, and making the due openings now.
 */
@Component
public class RuleDesk {

    private final OpeningRules rules;
    private final RulePlanner planner;
    private final RuleRunner runner;
    private final DeskVenues desks;

    public RuleDesk(OpeningRules rules, RulePlanner planner, RuleRunner runner, DeskVenues desks) {
        this.rules = rules;
        this.planner = planner;
        this.runner = runner;
        this.desks = desks;
    }

    /** See {@link OpeningRules#list}. */
    public List<RuleView> list() {
        return rules.list();
    }

    /** See {@link OpeningRules#create}. */
    public RuleView create(RuleForm form, Caller caller) {
        requireCourts(caller, form.courtIds());
        return rules.create(form, caller.actor());
    }

    /** Changes a rule; dates it could not make are tried again (openings it made stay as they are). */
    public RuleView update(long id, RuleForm form, Caller caller) {
        requireRule(caller, id);
        requireCourts(caller, form.courtIds());
        return rules.update(id, form, caller.actor());
    }

    /** See {@link OpeningRules#setActive}. */
    public RuleView setActive(long id, boolean active, Caller caller) {
        requireRule(caller, id);
        return rules.setActive(id, active, caller.actor());
    }

    /** Closes a date of the rule (a holiday) or changes it once; replaces what the date had. */
    public DateChange setException(long id, LocalDate date, DateChange change, Caller caller) {
        requireRule(caller, id);
        return rules.setException(id, date, change, caller.actor());
    }

    /** The date follows the rule again. */
    public void removeException(long id, LocalDate date, Caller caller) {
        requireRule(caller, id);
        rules.removeException(id, date, caller.actor());
    }

    /** What the rule does on each of {@code days} dates from {@code from}: made, failed, closed, or to come. */
    public List<PlanDay> plan(long id, LocalDate from, int days) {
        return planner.plan(id, from, days);
    }

    /** A desk worker changes the rules of their venues' courts only (SPEC §21); 403 for another venue's. */
    private void requireRule(Caller caller, long id) {
        requireCourts(caller, rules.get(id).courtIds());
    }

    private void requireCourts(Caller caller, List<Long> courtIds) {
        if (courtIds != null) {
            courtIds.forEach(court -> desks.requireCourt(caller, court));
        }
    }

    /** Makes every opening that is due now; what each rule did. */
    public List<RunResult> runDue(Caller caller) {
        return runner.runDue(caller.actor());
    }
}
