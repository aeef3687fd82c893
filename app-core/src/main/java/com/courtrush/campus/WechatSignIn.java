package com.courtrush.campus;

import com.courtrush.account.AuthService;
import com.courtrush.account.StudentDirectory;
import com.courtrush.account.api.Caller;
import com.courtrush.account.api.Role;
import com.courtrush.audit.AuditTrail;
import com.courtrush.audit.api.AuditAction;
import com.courtrush.audit.api.AuditTarget;
import com.courtrush.core.CourtRushException;
import com.courtrush.core.EngineText;
import com.courtrush.core.OutsideRefusals;
import com.courtrush.pay.OfficialAccount;
import com.courtrush.pay.WechatBindings;
import java.net.URI;
import java.util.List;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Service;

/**
 * Signing in by WeChat (SPEC §22). Inside WeChat's browser the page goes to {@code /auth/wechat/start}, which sends
 * it to the official account's OAuth (snsapi_base: no consent screen); WeChat sends it back to {@code
 * /auth/wechat/return} with a code, exchanged for the user's openid at that account. A student bound to that openid
 * is signed in, and the page fetches the engine's token once with a one-time code ({@code #wechat=}), as after a
 * campus sign-in. A user bound to nobody is offered to bind ({@code #wechat-bind=}): after their own sign-in (the
 * gym's password, LDAP or the campus account), in the same browser, the page binds them — never before. Every step
 * is bound to the browser that began it by a cookie ({@link CampusFlows}). Only students: a staff account is never
 * bound nor signed in so; a disabled account is not signed in.
 */
@Service
public class WechatSignIn {

    private static final Logger log = LoggerFactory.getLogger(WechatSignIn.class);
    private static final OutsideRefusals refusals = new OutsideRefusals(WechatSignIn.class);

    /** Where WeChat sends the browser back. */
    static final String RETURN_PATH = "/auth/wechat/return";

    /** Why WeChat's return signed nobody in: what the page says (its {@code #wechat-error=} reasons). */
    enum Refusal {
        disabled,
        expired,
        down,
        failed
    }

    private final OfficialAccount account;
    private final WechatBindings bindings;
    private final CampusFlows flows;
    private final AuthService auth;
    private final AuditTrail audit;
    private final StudentDirectory students;

    WechatSignIn(
            OfficialAccount account,
            WechatBindings bindings,
            CampusFlows flows,
            AuthService auth,
            AuditTrail audit,
            StudentDirectory students) {
        this.account = account;
        this.bindings = bindings;
        this.flows = flows;
        this.auth = auth;
        this.audit = audit;
        this.students = students;
    }

    /** Whether a browser inside WeChat signs in by WeChat: the gym's official account is set (a few seconds ago). */
    boolean offered() {
        return account.isSet();
    }

    /** Where the browser goes to learn who it is at WeChat, this browser's {@code cookie} bound to the return. */
    URI start(String cookie) {
        String publicUrl = account.publicUrl().orElseThrow(() -> CourtRushException.conflict("wechat.notSetUp"));
        String state = CampusFlows.random();
        flows.begin(state, new CampusFlows.Start("WECHAT", CampusFlows.binding(cookie), null, null, null));
        return URI.create(account.authorizeUrl(publicUrl + RETURN_PATH, state));
    }

    /** WeChat's return: on to the page, signed in, offered to bind, or told why not. */
    URI returned(String state, String code, String cookie) {
        String base = account.publicUrl().orElse("");
        Optional<CampusFlows.Start> start = flows.take(state, cookie).filter(s -> "WECHAT".equals(s.protocol()));
        if (start.isEmpty() || code == null || code.isBlank()) {
            refusals.refused("A WeChat return", "no sign-in of this browser under way, or no code");
            return refused(base, Refusal.expired);
        }
        String appId;
        String openid;
        try {
            appId = account.appId().orElseThrow(() -> CourtRushException.conflict("wechat.notSetUp"));
            openid = account.openIdOf(code.strip());
        } catch (CourtRushException e) {
            log.warn("Signing in by WeChat: WeChat did not say who came back: {}", e.getMessage());
            return refused(base, e.status().is5xxServerError() ? Refusal.down : Refusal.failed);
        }
        List<Long> bound = bindings.usersOf(appId, openid);
        if (bound.size() != 1) {
            // nobody yet, or two accounts paid for from this WeChat: the student's own sign-in says which
            return URI.create(base + "/#wechat-bind=" + flows.offerBinding(cookie, appId, openid));
        }
        try {
            return URI.create(base + "/#wechat=" + flows.handOff(cookie, auth.signInByWechat(bound.get(0))));
        } catch (CourtRushException refusal) {
            return refused(base, "auth.disabled".equals(refusal.key()) ? Refusal.disabled : Refusal.failed);
        }
    }

    /** The page fetches the engine's answer with its one-time code. */
    AuthService.LoginResult fetch(String code, String cookie) {
        return flows.fetch(code, cookie).orElseThrow(() -> CourtRushException.badRequest("campus.codeUsed"));
    }

    /**
     * Binds the WeChat user WeChat sent back to this browser to the student signed in now — after their own sign-in,
     * with the offer's one-time code, from the same browser. A staff account is refused.
     */
    void bind(Caller caller, String code, String cookie) {
        if (caller.role() != Role.STUDENT || caller.userId() == null) {
            throw new CourtRushException(com.courtrush.core.Outcome.FORBIDDEN, "wechat.studentsOnly");
        }
        CampusFlows.BindOffer offer =
                flows.takeOffer(code, cookie).orElseThrow(() -> CourtRushException.badRequest("wechat.offerExpired"));
        bindings.bind(caller.userId(), offer.appId(), offer.openid());
        audit.record(
                caller.actor(),
                AuditAction.WECHAT_BOUND,
                AuditTarget.USER,
                caller.name(),
                new EngineText("audit.wechatBoundBy"));
    }

    /** Whether the student's WeChat signs them in at the official account set now. */
    boolean bound(Caller caller) {
        return caller.userId() != null
                && account.appId()
                        .flatMap(appId -> bindings.boundOf(caller.userId(), appId))
                        .isPresent();
    }

    /** The student unbinds their WeChat: it no longer signs them in (nor pays without asking WeChat again). */
    boolean unbind(Caller caller) {
        return caller.userId() != null && unbind(caller.userId(), caller.name(), caller.actor());
    }

    /** Staff unbind a student's WeChat (a lost phone, a shared one); audited with who did it. */
    public boolean unbindByStaff(long userId, Caller staff) {
        return unbind(userId, students.studentIdOf(userId), staff.actor());
    }

    private boolean unbind(long userId, String studentId, String actor) {
        if (!bindings.unbind(userId)) {
            return false;
        }
        audit.record(
                actor,
                AuditAction.WECHAT_UNBOUND,
                AuditTarget.USER,
                studentId,
                new EngineText("audit.wechatUnboundBy", actor));
        return true;
    }

    private static URI refused(String base, Refusal why) {
        return URI.create(base + "/#wechat-error=" + why.name());
    }
}
