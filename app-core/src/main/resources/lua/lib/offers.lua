-- The waitlist's one rule (SPEC §16), shared by release.lua and offer_pass.lua: a place of a slot that
-- comes back is offered to the first student waiting who may take it — not blocked, under the opening's
-- per-student limit with the places held and offered, not holding or offered the slot already, not past their
-- fair share (lib/share.lua, which is put before this one) — and held
-- for them alone until the offer expires (the offer window, or the slot's start if sooner). Students passed
-- over leave the line; one whose other offers reach the limit keeps their place in it.
-- Nothing is offered once the slot has started. Returns the student offered (nil: nobody), when the
-- offer expires (epoch ms), and the students passed over.
--
-- keys: wait (ZSET user by join time), offer (HASH user -> expiry ms), offers (the opening's ZSET
-- "slotId|userId" by expiry), dedup, quota, blocked, share; and the slot's place ("start,end") and the share's
-- rules: place, rules
-- The student's live offers in the opening (its offers ZSET holds "slotId|userId" of each, a handful).
local function offersHeld(offersKey, user)
  local count = 0
  local suffix = '|' .. user
  for _, member in ipairs(redis.call('ZRANGE', offersKey, 0, -1)) do
    if string.sub(member, -#suffix) == suffix then
      count = count + 1
    end
  end
  return count
end

local function offerNext(keys, slotId, now, offerMs, slotStartMs, limit, expireAt)
  local skipped = {}
  if now >= slotStartMs then
    return nil, 0, skipped
  end
  local rank = 0
  while true do
    local at = redis.call('ZRANGE', keys.wait, rank, rank)
    if #at == 0 then
      return nil, 0, skipped
    end
    local user = at[1]
    local blockedUntil = tonumber(redis.call('HGET', keys.blocked, user) or '0')
    local held = tonumber(redis.call('HGET', keys.quota, user) or '0')
    if blockedUntil > now or held >= limit or redis.call('SISMEMBER', keys.dedup, user) == 1
        or redis.call('HEXISTS', keys.offer, user) == 1
        or shareRefusal(keys.share, user, keys.place, keys.rules) ~= nil then
      -- may not take it: passed over, out of the line
      redis.call('ZREM', keys.wait, user)
      skipped[#skipped + 1] = user
    elseif held + offersHeld(keys.offers, user) >= limit then
      -- offered other places up to the limit: offers they could not all take would only keep places from
      -- the next in line; they keep their place in this line for when those offers end
      rank = rank + 1
    else
      redis.call('ZREM', keys.wait, user)
      local expires = math.min(now + offerMs, slotStartMs)
      redis.call('HSET', keys.offer, user, expires)
      redis.call('EXPIREAT', keys.offer, expireAt)
      redis.call('ZADD', keys.offers, expires, slotId .. '|' .. user)
      redis.call('EXPIREAT', keys.offers, expireAt)
      return user, expires, skipped
    end
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
-- start ms, the opening's per-student limit, epoch second the opening's keys expire, the slot's place, the
-- share's rules}.
local function offerOrSell(keys, semKey, slotId, now, terms, onSale)
  keys.place, keys.rules = terms[5], terms[6]
  local user, expires, skipped = offerNext(
    keys, slotId, now, tonumber(terms[1]), tonumber(terms[2]), tonumber(terms[3]), terms[4])
  if user then
    return offerReply('OFFERED', user, expires, skipped)
  end
  redis.call('INCR', semKey)
  return offerReply(onSale, nil, 0, skipped)
end
