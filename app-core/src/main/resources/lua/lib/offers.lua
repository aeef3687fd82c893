-- The waitlist's one rule (SPEC §16), shared by release.lua and offer_pass.lua: a place of a slot that
-- comes back is offered to the first student waiting who may take it — not blocked, under the opening's
-- per-student limit, not holding or offered the slot already — and held for them alone until the offer
-- expires (the offer window, or the slot's start if sooner). Students passed over leave the line.
-- Nothing is offered once the slot has started. Returns the student offered (nil: nobody), when the
-- offer expires (epoch ms), and the students passed over.
--
-- keys: wait (ZSET user by join time), offer (HASH user -> expiry ms), offers (the opening's ZSET
-- "slotId|userId" by expiry), dedup, quota, blocked
local function offerNext(keys, slotId, now, offerMs, slotStartMs, limit, expireAt)
  local skipped = {}
  if now >= slotStartMs then
    return nil, 0, skipped
  end
  while true do
    local first = redis.call('ZRANGE', keys.wait, 0, 0)
    if #first == 0 then
      return nil, 0, skipped
    end
    local user = first[1]
    redis.call('ZREM', keys.wait, user)
    local blockedUntil = tonumber(redis.call('HGET', keys.blocked, user) or '0')
    local held = tonumber(redis.call('HGET', keys.quota, user) or '0')
    if blockedUntil <= now and held < limit and redis.call('SISMEMBER', keys.dedup, user) == 0
        and redis.call('HEXISTS', keys.offer, user) == 0 then
      local expires = math.min(now + offerMs, slotStartMs)
      redis.call('HSET', keys.offer, user, expires)
      redis.call('EXPIREAT', keys.offer, expireAt)
      redis.call('ZADD', keys.offers, expires, slotId .. '|' .. user)
      redis.call('EXPIREAT', keys.offers, expireAt)
      return user, expires, skipped
    end
    skipped[#skipped + 1] = user
  end
end

-- The reply of a script that may have offered a place: {outcome, user or '', expiry, skipped...}.
local function offerReply(outcome, user, expires, skipped)
  local reply = {outcome, user or '', expires}
  for _, s in ipairs(skipped) do
    reply[#reply + 1] = s
  end
  return reply
end

-- A place back from a student: offered to the next student who may take it (offerNext), else put back
-- on sale (the slot's permits + 1, the reply's outcome then `onSale`). terms = {offer window ms, the slot's
-- start ms, the opening's per-student limit, epoch second the opening's keys expire}.
local function offerOrSell(keys, semKey, slotId, now, terms, onSale)
  local user, expires, skipped = offerNext(
    keys, slotId, now, tonumber(terms[1]), tonumber(terms[2]), tonumber(terms[3]), terms[4])
  if user then
    return offerReply('OFFERED', user, expires, skipped)
  end
  redis.call('INCR', semKey)
  return offerReply(onSale, nil, 0, skipped)
end
