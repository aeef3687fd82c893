package com.courtrush.recurring;

import com.baomidou.mybatisplus.core.conditions.query.LambdaQueryWrapper;
import com.courtrush.audit.AuditTrail;
import com.courtrush.audit.api.AuditAction;
import com.courtrush.audit.api.AuditTarget;
import com.courtrush.core.EngineText;
import com.courtrush.recurring.api.DateChange;
import com.courtrush.recurring.api.RuleForm;
import com.courtrush.recurring.api.RuleView;
import java.time.LocalDate;
import java.util.List;
import org.springframework.stereotype.Service;

/**
 * Standing rules that become openings on their own: the rules and their one-off dates, as staff
 * keep them. A change makes the dates the rule could not make be tried again. What a rule does on
 * coming dates is {@link RulePlanner}'s; making the openings, {@link RuleRunner}'s.
 */
@Service
public class OpeningRules {

    static final AuditTarget AUDIT_TARGET = AuditTarget.RULE;

    private final OpeningRuleMapper rules;
    private final RuleExceptionMapper exceptions;
    private final RuleDates dates;
    private final AuditTrail audit;

    OpeningRules(OpeningRuleMapper rules, RuleExceptionMapper exceptions, RuleDates dates, AuditTrail audit) {
        this.rules = rules;
        this.exceptions = exceptions;
        this.dates = dates;
        this.audit = audit;
    }

    public List<RuleView> list() {
        return rules.selectList(new LambdaQueryWrapper<OpeningRule>().orderByAsc(OpeningRule::getId)).stream()
                .map(OpeningRule::view)
                .toList();
    }

    public RuleView get(long id) {
        return dates.rule(id).view();
    }

    public RuleView create(RuleForm form, String actor) {
        OpeningRule rule = new OpeningRule().take(form.validated());
        rule.setActive(true);
        rules.insert(rule);
        audit.record(
                actor,
                AuditAction.CREATE_RULE,
                AUDIT_TARGET,
                rule.getId(),
                new EngineText("rule.saved", rule.getName()));
        return get(rule.getId());
    }

    /** Changes a rule; dates it could not make are tried again (openings it made stay as they are). */
    public RuleView update(long id, RuleForm form, String actor) {
        RuleForm valid = form.validated();
        OpeningRule rule = dates.rule(id).take(valid);
        rules.updateById(rule);
        dates.forgetFailures(id, null);
        audit.record(actor, AuditAction.EDIT_RULE, AUDIT_TARGET, id, new EngineText("rule.saved", rule.getName()));
        return get(id);
    }

    public RuleView setActive(long id, boolean active, String actor) {
        OpeningRule rule = dates.rule(id);
        rule.setActive(active);
        rules.updateById(rule);
        dates.forgetFailures(id, null);
        audit.record(actor, active ? AuditAction.ENABLE_RULE : AuditAction.DISABLE_RULE, AUDIT_TARGET, id);
        return get(id);
    }

    /** Closes a date of the rule (a holiday) or changes it once; replaces what the date had. */
    public DateChange setException(long id, LocalDate date, DateChange change, String actor) {
        OpeningRule rule = dates.rule(id);
        change.validate();
        RuleException row = exceptions.selectOne(RuleDates.exceptionOf(id, date));
        if (row == null) {
            row = new RuleException();
            row.setRuleId(id);
            row.setRuleDate(date);
        }
        row.take(change);
        if (row.getId() == null) {
            exceptions.insert(row);
        } else {
            exceptions.updateById(row);
        }
        dates.forgetFailures(id, date);
        audit.record(
                actor,
                Boolean.TRUE.equals(change.closed()) ? AuditAction.CLOSE_RULE_DATE : AuditAction.CHANGE_RULE_DATE,
                AUDIT_TARGET,
                id,
                new EngineText("rule.dateChanged", rule.getName(), date));
        return row.change();
    }

    /** The date follows the rule again. */
    public void removeException(long id, LocalDate date, String actor) {
        OpeningRule rule = dates.rule(id);
        if (exceptions.delete(RuleDates.exceptionOf(id, date)) > 0) {
            dates.forgetFailures(id, date);
            audit.record(
                    actor,
                    AuditAction.RESTORE_RULE_DATE,
                    AUDIT_TARGET,
                    id,
                    new EngineText("rule.dateChanged", rule.getName(), date));
        }
    }
}
