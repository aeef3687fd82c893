package com.courtrush.reserve.stock;

import java.time.LocalDateTime;

/**
 * The openings' copies of a student's no-show block, which the reserve decision reads. Implemented by
 * {@link Blocks}; it lives here, with the stock, because attendance depends on the reserve engine and never
 * the other way.
 */
public interface BlockCopies {

    /**
     * One student's block changed ({@code until} null: not blocked any more): every opening Redis holds or will
     * hold soon is told. Call it after the change has committed.
     */
    void changed(long userId, LocalDateTime until);
}
