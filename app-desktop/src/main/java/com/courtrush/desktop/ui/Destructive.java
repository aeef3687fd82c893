package com.courtrush.desktop.ui;

/**
 * A step staff cannot take back, as they are asked about it: what it does ({@code action}, also the
 * confirming button's label), on what ({@code target}, named as the screen shows it), what follows
 * ({@code consequence}: students affected, places on sale), whether the audit needs a reason (an
 * empty one is refused visibly), and an optional box to tick ({@code option}, null for none).
 */
public record Destructive(String action, String target, String consequence, boolean needsReason, String option) {

    public static Destructive of(String action, String target, String consequence) {
        return new Destructive(action, target, consequence, false, null);
    }

    public Destructive withReason() {
        return new Destructive(action, target, consequence, true, option);
    }

    public Destructive withOption(String label) {
        return new Destructive(action, target, consequence, needsReason, label);
    }

    /** What staff answered: the reason typed ("" when none was asked) and whether the option was ticked. */
    public record Answer(String reason, boolean option) {}
}
