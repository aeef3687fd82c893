package com.courtrush.infra.config;

/** The infrastructure settings cannot work; {@link InfraFailureAnalyzer} shows it without a stack trace. */
public class InfraConfigException extends RuntimeException {

    private final String action;

    public InfraConfigException(String message, String action) {
        super(message);
        this.action = action;
    }

    public InfraConfigException(String message, String action, Throwable cause) {
        super(message, cause);
        this.action = action;
    }

    public String action() {
        return action;
    }
}
