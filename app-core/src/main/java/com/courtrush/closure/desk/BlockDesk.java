package com.courtrush.closure.desk;

import com.courtrush.account.ManagerOnly;
import com.courtrush.account.api.Caller;
import com.courtrush.closure.CourtBlocks;
import com.courtrush.closure.api.BlockView;
import com.courtrush.closure.api.NewBlock;
import java.time.LocalDate;
import java.util.List;
import org.springframework.stereotype.Component;

/**
 * What staff do with class and team blocks (SPEC §21): anyone of the staff sees them; managers hold a court every week
 * for a term, skip one date of a block and end one.
 */
@Component
public class BlockDesk {

    private final CourtBlocks blocks;

    public BlockDesk(CourtBlocks blocks) {
        this.blocks = blocks;
    }

    /** See {@link CourtBlocks#recent}. */
    public List<BlockView> recent() {
        return blocks.recent();
    }

    /** See {@link CourtBlocks#hold}. */
    @ManagerOnly
    public BlockView hold(Caller manager, NewBlock block) {
        return blocks.hold(block, manager);
    }

    /** See {@link CourtBlocks#skip}. */
    @ManagerOnly
    public BlockView skip(Caller manager, long id, LocalDate day) {
        return blocks.skip(id, day, manager);
    }

    /** See {@link CourtBlocks#end}. */
    @ManagerOnly
    public BlockView end(Caller manager, long id) {
        return blocks.end(id, manager);
    }
}
