package com.courtrush.campus;

import com.courtrush.account.Caller;
import com.courtrush.campus.api.CampusSignInSettings;
import com.courtrush.campus.api.CampusTrial;
import java.util.Locale;
import org.springframework.stereotype.Service;

/** Work in progress: the campus sign-in's settings. */
@Service
public class CampusSetup {

    public CampusSignInSettings settings() {
        throw new UnsupportedOperationException("in progress");
    }

    public CampusSignInSettings save(CampusSignInSettings settings, Caller manager) {
        throw new UnsupportedOperationException("in progress");
    }

    public CampusTrial tryIt(CampusSignInSettings settings, Locale locale, Caller manager) {
        throw new UnsupportedOperationException("in progress");
    }
}
