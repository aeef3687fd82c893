package com.courtrush.infra.config;

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/** Turns an {@link InfraConfigException} at start-up into a short "what is wrong / what to do". */
class InfraFailureAnalyzer extends AbstractFailureAnalyzer<InfraConfigException> {

    @Override
    protected FailureAnalysis analyze(Throwable rootFailure, InfraConfigException cause) {
        return new FailureAnalysis(cause.getMessage(), cause.action(), cause);
    }
}
