-- The reserve decision: per-student limit, gate, dedup, per-opening quota, stock, pending record.
-- One atomic script, one round trip. Returns {outcome, value, redisNowMillis[, holders]}:
--   TOO_MANY_REQUESTS  value = milliseconds until the next attempt may pass
--   UNGATED            value = milliseconds until the gate opens, -1 when it will not open by itself
--                      (never on a fair-draw opening that is warm: its entries are taken from the warm-up)
--   DUP_REQ            value = 0
--   QUOTA_EXCEEDED     value = places the student already holds in the opening
--   OUT_OF_STOCK       value = 0, holders = the slot's dedup set (who holds it while it is sold out)
--   ACCEPTED           value = permits left after this grant; holders as above when that is 0
--   PASS_REQUIRED      value = 0: the opening asks for a booking pass and the student's is missing,
--                      wrong or spent
--   SHARE_USED         value = 0, holders = the student's bookings that count against the rule broken
--                      ("key,slotId,start,end", lib/share.lua), then the rule: SAME_TIME, DAY or WEEK (SPEC §16)
--   BLOCKED            value = epoch ms at which the student's no-show block ends (SPEC §16): no
--                      place, no draw entry, until then
--   ENTERED            value = ms until the draw's window closes: the request entered the opening's
--                      fair draw, at any time from its warm-up to the close (nothing taken yet; draw.lua
--                      decides at the close)
--   ENTERED_ALREADY    value = ms until the close, entry = the trace of the student's one entry
--   DRAWING            value = 0: the draw's window has closed but the draw has not run; nothing is
--                      decided before it has (run draw.lua, then ask again)
--   COLD               value = 0: Redis does not hold the opening (it lost it, or was restarted
--                      empty), or is between rebuilding its stock and setting its gate; nothing is
--                      decided until it is rebuilt — never "not open"
--
-- KEYS[1] bf:{s:sessionId}:rate:reserve:{userId} sliding log of the student's attempts
-- KEYS[2] bf:{s:sessionId}:gate
-- KEYS[3] bf:{s:sessionId}:gate:time
-- KEYS[4] bf:{s:sessionId}:dedup:{slotId}
-- KEYS[5] bf:{s:sessionId}:quota
-- KEYS[6] bf:{s:sessionId}:sem:{slotId}
-- KEYS[7] bf:{s:sessionId}:reserve:pending:{traceId}
-- KEYS[8] bf:{s:sessionId}:reserve:inflight
-- KEYS[9] bf:{s:sessionId}:warm
-- KEYS[10] bf:{s:sessionId}:pass:{userId}   the hash of the student's booking pass, 'spent:...' once used
-- KEYS[11] bf:{s:sessionId}:draw  KEYS[12] bf:{s:sessionId}:draw:entries
-- KEYS[13] bf:{s:sessionId}:blocked   user id -> epoch ms the student's no-show block ends
-- KEYS[14] bf:{s:sessionId}:share     user id -> the bookings that count against the student's fair share
-- ARGV[1] userId  ARGV[2] traceId  ARGV[3] per-user limit of the opening
-- ARGV[4] attempts allowed per window (0 = no limit)  ARGV[5] window in ms
-- ARGV[6] pending record value  ARGV[7] pending TTL in seconds  ARGV[8] in-flight member
-- ARGV[9] epoch second at which the opening's keys expire
-- ARGV[10] the hash of the booking pass presented ('' for none)  ARGV[11] '1' when the opening asks for one
-- ARGV[12] the fair draw's window in ms (0 = no draw)  ARGV[13] the slots of a draw entry, in order: "id,id"
-- ARGV[14] the slot's place "start,end" (lib/share.lua)  ARGV[15] the fair-share rules "dayCap,weekCap,sameTime"

local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local user = ARGV[1]

local limit = tonumber(ARGV[4])
if limit > 0 then
  local window = tonumber(ARGV[5])
  redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', string.format('%d', now - window))
  if redis.call('ZCARD', KEYS[1]) >= limit then
    local oldest = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
    return {'TOO_MANY_REQUESTS', tonumber(oldest[2]) + window - now, now}
  end
  redis.call('ZADD', KEYS[1], string.format('%d', now), ARGV[2])
  redis.call('PEXPIRE', KEYS[1], window)
end

if redis.call('EXISTS', KEYS[9]) == 0 then
  return {'COLD', 0, now}
end

local window = tonumber(ARGV[12])
local gate = redis.call('GET', KEYS[2])
if gate ~= '1' then
  local opensAt = tonumber(redis.call('GET', KEYS[3]))
  if opensAt == nil then
    if not gate then
      -- stock rebuilt a moment ago, its gate not yet set: not "not open"
      return {'COLD', 0, now}
    end
    return {'UNGATED', -1, now}
  end
  if now < opensAt then
    if window == 0 then
      return {'UNGATED', opensAt - now, now}
    end
    -- a fair draw takes entries from the warm-up: a phone whose request takes seconds to arrive but
    -- was sent before the flash time is in (the gate itself opens at the flash time, as always)
  else
    -- flash time has come: the first request opens the gate, on the millisecond, with no click
    local ttl = redis.call('PTTL', KEYS[3])
    if ttl > 0 then
      redis.call('SET', KEYS[2], '1', 'PX', ttl)
    else
      redis.call('SET', KEYS[2], '1')
    end
  end
end

if ARGV[11] == '1' then
  local pass = redis.call('GET', KEYS[10])
  if ARGV[10] == '' or pass ~= ARGV[10] then
    return {'PASS_REQUIRED', 0, now}
  end
end

local blockedUntil = tonumber(redis.call('HGET', KEYS[13], user) or '0')
if blockedUntil > now then
  return {'BLOCKED', blockedUntil, now}
end

if redis.call('SISMEMBER', KEYS[4], user) == 1 then
  return {'DUP_REQ', 0, now}
end

local held = tonumber(redis.call('HGET', KEYS[5], user) or '0')
if held >= tonumber(ARGV[3]) then
  return {'QUOTA_EXCEEDED', held, now}
end

if window > 0 and redis.call('HEXISTS', KEYS[11], 'drawnAt') == 0 then
  -- entries close at the gate's opening time plus the window; until the draw has run nothing is taken
  local closesAt = tonumber(redis.call('GET', KEYS[3]) or '0') + window
  if now >= closesAt then
    return {'DRAWING', 0, now}
  end
  local entry = redis.call('HGET', KEYS[12], user)
  if entry then
    return {'ENTERED_ALREADY', closesAt - now, now, string.match(entry, '^[^|]+')}
  end
  redis.call('HSET', KEYS[12], user, ARGV[2] .. '|' .. ARGV[13])
  redis.call('EXPIREAT', KEYS[12], ARGV[9])
  -- the entrant's trace reads PENDING until the draw: a winner's becomes its grant's, a loser's says so;
  -- an entry made at the warm-up, minutes before the close, keeps its record until the draw and after
  redis.call('SET', KEYS[7], ARGV[6], 'EX', math.ceil((closesAt - now) / 1000) + tonumber(ARGV[7]))
  return {'ENTERED', closesAt - now, now}
end

-- the fair share (a draw entry is held to it at the draw, slot by slot, by draw.lua)
local rule, holding = shareRefusal(KEYS[14], user, ARGV[14], ARGV[15])
if rule then
  return {'SHARE_USED', 0, now, holding, rule}
end

local permits = tonumber(redis.call('GET', KEYS[6]) or '0')
if permits <= 0 then
  return {'OUT_OF_STOCK', 0, now, redis.call('SMEMBERS', KEYS[4])}
end

redis.call('DECR', KEYS[6])
redis.call('SADD', KEYS[4], user)
redis.call('EXPIREAT', KEYS[4], ARGV[9])
redis.call('HINCRBY', KEYS[5], user, 1)
redis.call('EXPIREAT', KEYS[5], ARGV[9])
redis.call('SET', KEYS[7], ARGV[6], 'EX', ARGV[7])
redis.call('ZADD', KEYS[8], string.format('%d', now), ARGV[8])
redis.call('EXPIRE', KEYS[8], 172800)
shareTake(KEYS[14], user, shareEntry(string.match(ARGV[8], '^[^|]+|[^|]+|([^|]+)'), ARGV[14]), ARGV[9])
if ARGV[11] == '1' then
  -- spent by this grant; given back (pass_give_back.lua) only if the grant ends FAILED
  redis.call('SET', KEYS[10], 'spent:' .. ARGV[2] .. ':' .. ARGV[10])
  redis.call('EXPIREAT', KEYS[10], ARGV[9])
end
if permits == 1 then
  return {'ACCEPTED', 0, now, redis.call('SMEMBERS', KEYS[4])}
end
return {'ACCEPTED', permits - 1, now}
