package com.courtrush.recurring;

import com.baomidou.mybatisplus.core.conditions.query.LambdaQueryWrapper;
import com.courtrush.core.CourtRushException;
import com.courtrush.recurring.api.RunOutcome;
import java.time.Clock;
import java.time.LocalDate;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.springframework.stereotype.Component;

/** What the rules' parts read and clear together: a rule's row, its runs and its one-off dates. */
@Component
class RuleDates {

    private final OpeningRuleMapper rules;
    private final RuleExceptionMapper exceptions;
    private final RuleRunMapper runs;
    private final Clock clock;

    RuleDates(OpeningRuleMapper rules, RuleExceptionMapper exceptions, RuleRunMapper runs, Clock clock) {
        this.rules = rules;
        this.exceptions = exceptions;
        this.runs = runs;
        this.clock = clock;
    }

    /** Failed dates of the rule (from today; of one date when given) are tried again. */
    void forgetFailures(long ruleId, LocalDate date) {
        runs.delete(new LambdaQueryWrapper<RuleRun>()
                .eq(RuleRun::getRuleId, ruleId)
                .eq(RuleRun::getOutcome, RunOutcome.FAILED)
                .eq(date != null, RuleRun::getRuleDate, date)
                .ge(date == null, RuleRun::getRuleDate, LocalDate.now(clock)));
    }

    Map<LocalDate, RuleRun> runsOf(long ruleId, LocalDate from, LocalDate to) {
        return runs
                .selectList(new LambdaQueryWrapper<RuleRun>()
                        .eq(RuleRun::getRuleId, ruleId)
                        .between(RuleRun::getRuleDate, from, to))
                .stream()
                .collect(Collectors.toMap(RuleRun::getRuleDate, Function.identity()));
    }

    Map<LocalDate, RuleException> exceptionsOf(long ruleId, LocalDate from, LocalDate to) {
        return exceptions
                .selectList(new LambdaQueryWrapper<RuleException>()
                        .eq(RuleException::getRuleId, ruleId)
                        .between(RuleException::getRuleDate, from, to))
                .stream()
                .collect(Collectors.toMap(RuleException::getRuleDate, Function.identity()));
    }

    static LambdaQueryWrapper<RuleException> exceptionOf(long ruleId, LocalDate date) {
        return new LambdaQueryWrapper<RuleException>()
                .eq(RuleException::getRuleId, ruleId)
                .eq(RuleException::getRuleDate, date);
    }

    OpeningRule rule(long id) {
        OpeningRule rule = rules.selectById(id);
        if (rule == null) {
            throw CourtRushException.notFound("rule.notFound", id);
        }
        return rule;
    }
}
