package com.courtrush.reserve.recover;

/**
 * The two scripts a place going back runs, as {@link StockReleaser} needs them: giving a booking's
 * place back ({@code lua/release.lua}, offering it to the first student waiting) and settling grants
 * the database recorded ({@code lua/settle.lua}). A port, so the releaser is tested alone on a fake;
 * {@link RedisReleaseScripts} sends them to Redis.
 */
interface ReleaseScripts {

    ReleaseCall.Reply release(ReleaseCall call);

    SettleCall.Reply settle(SettleCall call);
}
