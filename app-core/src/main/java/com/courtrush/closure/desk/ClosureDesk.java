package com.courtrush.closure.desk;

import com.courtrush.account.ManagerOnly;
import com.courtrush.account.api.Caller;
import com.courtrush.closure.Closures;
import com.courtrush.closure.api.ClosureView;
import com.courtrush.closure.api.NewClosure;
import java.util.List;
import org.springframework.stereotype.Component;

/**
 * What staff do with closures (SPEC §21): anyone of the staff sees them; managers close a court, a venue or a sport
 * for a period (what it covers cancelled or refunded with its reason) and lift one early.
 */
@Component
public class ClosureDesk {

    private final Closures closures;

    public ClosureDesk(Closures closures) {
        this.closures = closures;
    }

    /** See {@link Closures#recent}. */
    public List<ClosureView> recent() {
        return closures.recent();
    }

    /** See {@link Closures#close}. */
    @ManagerOnly
    public ClosureView close(Caller manager, NewClosure closure) {
        return closures.close(closure, manager);
    }

    /** See {@link Closures#lift}. */
    @ManagerOnly
    public ClosureView lift(Caller manager, long id) {
        return closures.lift(id, manager);
    }
}
