package com.courtrush.campus.desk;

import com.courtrush.account.ManagerOnly;
import com.courtrush.account.StaffOnly;
import com.courtrush.account.api.Caller;
import com.courtrush.campus.CampusSetup;
import com.courtrush.campus.WechatSignIn;
import com.courtrush.campus.api.CampusSignInSettings;
import com.courtrush.campus.api.CampusTrial;
import java.util.Locale;
import org.springframework.stereotype.Component;

/**
 * The console's and the staff API's way to the campus sign-in's settings (SPEC §18), and to a student's WeChat that
 * signs them in (SPEC §22).
 */
@Component
public class CampusSignInDesk {

    private final CampusSetup setup;
    private final WechatSignIn wechat;

    public CampusSignInDesk(CampusSetup setup, WechatSignIn wechat) {
        this.setup = setup;
        this.wechat = wechat;
    }

    /** The settings as saved, the client secret masked. */
    public CampusSignInSettings settings() {
        return setup.settings();
    }

    /**
     * Saves the settings once they are checked (addresses, names, a rule that lets someone book; turned on, the
     * directory answering); the mask in place of the secret keeps the saved one, a blank secret clears it. Audited.
     */
    @ManagerOnly
    public CampusSignInSettings save(CampusSignInSettings settings, Caller manager) {
        return setup.save(settings, manager);
    }

    /** Asks the directory at these (perhaps unsaved) settings whether it answers, and says what it answered. */
    @ManagerOnly
    public CampusTrial tryIt(CampusSignInSettings settings, Locale locale, Caller manager) {
        return setup.tryIt(settings, locale, manager);
    }

    /**
     * Unbinds the student's WeChat: it no longer signs them in (a lost or shared phone); whether one was bound.
     * Audited with who did it.
     */
    @StaffOnly
    public boolean unbindWechat(long userId, Caller staff) {
        return wechat.unbindByStaff(userId, staff);
    }
}
