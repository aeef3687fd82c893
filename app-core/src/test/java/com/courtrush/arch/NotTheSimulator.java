package com.courtrush.arch;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.core.importer.Location;

/**
 * Leaves out the WeChat Pay simulator (module wechatpay-sim, on the tests' class path): a stand-in for WeChat Pay
 * with its own command line, not part of the engine whose rules these are.
 */
public final class NotTheSimulator implements ImportOption {

    @Override
    public boolean includes(Location location) {
        return !location.contains("/com/courtrush/paysim/");
    }
}
