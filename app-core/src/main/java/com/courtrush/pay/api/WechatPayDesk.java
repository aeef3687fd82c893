package com.courtrush.pay.api;

import com.courtrush.account.Caller;
import com.courtrush.account.ManagerOnly;
import com.courtrush.pay.MerchantSetup;
import java.util.Locale;
import org.springframework.stereotype.Component;

/** The console's and the staff API's way to the live WeChat Pay merchant (SPEC §19). */
@Component
public class WechatPayDesk {

    private final MerchantSetup setup;

    public WechatPayDesk(MerchantSetup setup) {
        this.setup = setup;
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
