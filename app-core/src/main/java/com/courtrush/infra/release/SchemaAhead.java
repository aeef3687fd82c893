package com.courtrush.infra.release;

/**
 * The database's schema is one this release cannot run on: further ahead than the next release, changed by a
 * contract migration, or made by migrations no release recorded. Nothing was migrated; said in words at start.
 */
public final class SchemaAhead extends IllegalStateException {

    private final String action;

    SchemaAhead(String description, String action) {
        super(description);
        this.action = action;
    }

    /** What the operator does about it. */
    public String action() {
        return action;
    }
}
