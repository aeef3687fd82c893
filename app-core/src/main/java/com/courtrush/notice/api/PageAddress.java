package com.courtrush.notice.api;

/** The students' page as this engine knows it is reached, where a notice's email links to (issue 55). */
public interface PageAddress {

    /**
     * The page's address ({@code courtrush.public-url} when set, else this machine's), ending in {@code /}; null
     * while none is known (before the server is up).
     */
    String studentUrl();
}
