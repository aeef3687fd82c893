package com.courtrush.infra.release;

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/** A start refused because the database is ahead of this release, in words: which schema, which release, what to do. */
class SchemaAheadFailureAnalyzer extends AbstractFailureAnalyzer<SchemaAhead> {

    @Override
    protected FailureAnalysis analyze(Throwable rootFailure, SchemaAhead cause) {
        return new FailureAnalysis(cause.getMessage(), cause.action(), cause);
    }
}
