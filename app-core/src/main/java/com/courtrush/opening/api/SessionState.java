package com.courtrush.opening.api;

/** The life of an opening. */
public enum SessionState {
    /** Created; Redis knows nothing of it yet. */
    SCHEDULED,
    /** Redis holds its stock, dedup sets and a closed gate that opens by itself at flash time. */
    WARMED,
    /** The gate is open. */
    OPEN,
    /** Staff closed it, or its day is over. */
    CLOSED;

    public boolean live() {
        return this == WARMED || this == OPEN;
    }
}
