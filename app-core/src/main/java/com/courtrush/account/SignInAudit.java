package com.courtrush.account;

import com.courtrush.audit.AuditTrail;
import com.courtrush.audit.api.AuditAction;
import com.courtrush.audit.api.AuditActors;
import com.courtrush.audit.api.AuditTarget;
import com.courtrush.core.CourtRushException;
import com.courtrush.core.EngineText;
import com.courtrush.core.Outcome;
import org.springframework.stereotype.Component;

/**
 * What the audit trail keeps of a sign-in to the page, whatever the way in — the gym's password ({@code LOCAL}), a
 * campus directory ({@code CAS}, {@code OIDC}, {@code LDAP}) or WeChat ({@code WECHAT}): signed in, or refused because
 * the gym disabled the account. One wording for every way, so the trail reads the same.
 */
@Component
class SignInAudit {

    private final AuditTrail audit;

    SignInAudit(AuditTrail audit) {
        this.audit = audit;
    }

    /** The account signed in from {@code source}. */
    void signedIn(UserAccount account, String source) {
        audit.record(
                account.actor(),
                AuditAction.SIGN_IN,
                AuditTarget.USER,
                account.getStudentId(),
                new EngineText("audit.signedInFrom", AuditActors.signInSource(source)));
    }

    /** A disabled account's sign-in from {@code source}, recorded as refused: the refusal to throw (403). */
    CourtRushException disabled(UserAccount account, String source) {
        audit.record(
                account.actor(),
                AuditAction.SIGN_IN_REFUSED,
                AuditTarget.USER,
                account.getStudentId(),
                new EngineText("audit.signInDisabled", AuditActors.signInSource(source)));
        return new CourtRushException(Outcome.FORBIDDEN, "auth.disabled");
    }
}
