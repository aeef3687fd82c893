package com.courtrush.opening;

/**
 * The reserve engine's fair draw, as the opening clock sees it. Declared here so that the opening's
 * life does not depend on how the draw is made.
 */
public interface DrawCloser {

    /**
     * Draws the opening's winners if its draw window has closed and nobody has drawn yet (any node
     * may call it, as often as it likes: the draw happens once).
     */
    void closeIfDue(ReserveSession session);
}
