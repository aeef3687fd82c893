package com.courtrush.infra.config.api;

/** What is wrong with a setting's value; the console words it in the staff's language. */
public enum SettingProblem {
    NOT_ONE_OF_THE_CHOICES("is not one of the choices"),
    NOT_A_WHOLE_NUMBER("is not a whole number"),
    OUT_OF_RANGE("is out of range"),
    NOT_A_JDBC_URL("is not a JDBC URL (jdbc:...)"),
    NOT_A_HOST("is not a host name or address"),
    NOT_AN_ADDRESS_OF_THIS_MACHINE("is not an address of this machine"),
    PORT_IN_USE("is a port another program listens on"),
    /** Shorter than {@link #TOKEN_MIN_LENGTH}. */
    TOKEN_TOO_SHORT("is shorter than " + Lengths.TOKEN_MIN + " characters"),
    /** A name (the gym's): blank, over 64 characters or holding a control character. */
    NOT_A_NAME("must have 1 to 64 characters, none of them a control character");

    /** The fewest characters an admin token may have (the engine's {@code ADMIN_TOKEN_MIN_LENGTH}). */
    public static final int TOKEN_MIN_LENGTH = Lengths.TOKEN_MIN;

    /** Constants an enum constant's argument may name (an enum's own fields are not yet set then). */
    private static final class Lengths {
        static final int TOKEN_MIN = 32;
    }

    private final String english;

    SettingProblem(String english) {
        this.english = english;
    }

    public String english() {
        return english;
    }
}
