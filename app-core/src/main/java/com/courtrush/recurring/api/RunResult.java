package com.courtrush.recurring.api;

import com.courtrush.core.EngineText;
import java.time.LocalDate;

/** What one run did for one rule and date. */
public record RunResult(
        long ruleId, String ruleName, LocalDate date, RunOutcome outcome, Long sessionId, EngineText why) {}
