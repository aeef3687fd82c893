package com.courtrush.pay;

import java.time.Clock;
import java.time.LocalDateTime;
import java.util.List;
import java.util.Optional;
import org.springframework.stereotype.Component;
import org.springframework.transaction.annotation.Transactional;

/**
 * Which student a WeChat user is at the gym's official account (SPEC §22): the openid bound to their account, by
 * AppID — a user of another official account is another user. Bound only after the student's own sign-in (paying
 * inside WeChat, or the offer after signing in); unbound by the student or staff.
 */
@Component
public class WechatBindings {

    private final WechatOpenIdMapper mapper;
    private final Clock clock;

    WechatBindings(WechatOpenIdMapper mapper, Clock clock) {
        this.mapper = mapper;
        this.clock = clock;
    }

    /** The accounts bound to this WeChat user at this official account (one, unless paying bound it twice). */
    public List<Long> usersOf(String appId, String openid) {
        return mapper.usersOf(appId, openid);
    }

    /** The openid bound to the student at this official account, if any. */
    public Optional<String> boundOf(long userId, String appId) {
        return Optional.ofNullable(mapper.find(userId, appId));
    }

    /**
     * Binds the WeChat user to the student, and to nobody else at this account: one WeChat signs in one account. An
     * account it was bound to before (by paying for another student) pays by asking WeChat again, silently.
     */
    @Transactional
    public void bind(long userId, String appId, String openid) {
        mapper.unbindOthers(appId, openid, userId);
        mapper.keep(userId, appId, openid, LocalDateTime.now(clock));
    }

    /** Unbinds the student's WeChat at every official account; whether one was bound. */
    public boolean unbind(long userId) {
        return mapper.unbind(userId) > 0;
    }
}
