package com.courtrush.pay.desk;

import com.courtrush.account.ManagerOnly;
import com.courtrush.account.api.Caller;
import com.courtrush.pay.MerchantSetup;
import com.courtrush.pay.Reconciliations;
import com.courtrush.pay.api.ReconciliationView;
import com.courtrush.pay.api.WechatPaySetup;
import com.courtrush.pay.api.WechatPayState;
import com.courtrush.pay.api.WechatPayTrial;
import com.courtrush.venue.DeskVenues;
import java.time.LocalDate;
import java.util.List;
import java.util.Locale;
import org.springframework.stereotype.Component;

/** The console's and the staff API's way to the live WeChat Pay merchant (SPEC §19). */
@Component
public class WechatPayDesk {

    private final MerchantSetup setup;
    private final Reconciliations reconciliations;
    private final DeskVenues desks;

    public WechatPayDesk(MerchantSetup setup, Reconciliations reconciliations, DeskVenues desks) {
        this.setup = setup;
        this.reconciliations = reconciliations;
        this.desks = desks;
    }

    /**
     * Reconciles a day's orders with WeChat Pay's bill of that day now (issue 52; also each morning for the day before):
     * matched, only at WeChat Pay, only here, amounts that differ. Audited; a mismatch raises a staff alert.
     */
    @ManagerOnly
    public ReconciliationView reconcile(LocalDate day, Caller manager) {
        return reconciliations.reconcile(day, manager);
    }

    /**
     * The reconciliations of a bill date, newest first, each with what did not match — a desk worker's of their venues'
     * orders only (SPEC §21), a manager's of the whole merchant.
     */
    public List<ReconciliationView> reconciliations(LocalDate day, Caller staff) {
        return reconciliations.ofDay(day, desks.scope(staff));
    }

    /** One reconciliation with every payment and refund it compared, the mismatches first (the caller's venues'). */
    public ReconciliationView reconciliation(long id, Caller staff) {
        return reconciliations.find(id, desks.scope(staff));
    }

    /** The merchant as saved, which of its secrets are on file on this node (never the secrets), the mode. */
    public WechatPayState state() {
        return setup.state();
    }

    /**
     * Saves the merchant once checked; turned on, WeChat Pay is asked first and a failing answer is not saved. Secrets
     * given replace those on file; none given keeps them (for the same merchant). Audited.
     */
    @ManagerOnly
    public WechatPayState save(WechatPaySetup setup, Locale locale, Caller manager) {
        return this.setup.save(setup, locale, manager);
    }

    /** Asks WeChat Pay with these (perhaps unsaved) settings about an order nobody made; says what it answered. */
    @ManagerOnly
    public WechatPayTrial tryIt(WechatPaySetup setup, Locale locale, Caller manager) {
        return this.setup.tryIt(setup, locale);
    }
}
