-- A student refused OUT_OF_STOCK joins the slot's waitlist (SPEC §16). Returns {outcome, value[, added]}:
-- 'WAITING' (value: place in line, 1 = next; also for one already waiting; added: 1 when this call put the
-- student in line, 0 when they were in it already), 'ON_SALE' (value: places on
-- sale: book one instead), 'FULL' (value: the line's length), 'BLOCKED' (value: when the block ends),
-- 'DUP_REQ' (the student holds the slot), 'OFFERED' (the student holds an offer of it),
-- 'QUOTA_EXCEEDED' (value: places held), 'COLD' (Redis does not hold the opening).
--
-- KEYS[1] bf:{s:sessionId}:wait:{slotId}  KEYS[2] bf:{s:sessionId}:sem:{slotId}  KEYS[3] bf:{s:sessionId}:dedup:{slotId}
-- KEYS[4] bf:{s:sessionId}:quota  KEYS[5] bf:{s:sessionId}:blocked  KEYS[6] bf:{s:sessionId}:offer:{slotId}
-- KEYS[7] bf:{s:sessionId}:warm
-- ARGV[1] userId  ARGV[2] most students waiting per slot  ARGV[3] the opening's per-student limit
-- ARGV[4] epoch second the opening's keys expire

local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local user = ARGV[1]
if redis.call('EXISTS', KEYS[7]) == 0 then
  return {'COLD', 0}
end
local blockedUntil = tonumber(redis.call('HGET', KEYS[5], user) or '0')
if blockedUntil > now then
  return {'BLOCKED', blockedUntil}
end
if redis.call('SISMEMBER', KEYS[3], user) == 1 then
  return {'DUP_REQ', 0}
end
if redis.call('HEXISTS', KEYS[6], user) == 1 then
  return {'OFFERED', 0}
end
local held = tonumber(redis.call('HGET', KEYS[4], user) or '0')
if held >= tonumber(ARGV[3]) then
  return {'QUOTA_EXCEEDED', held}
end
local permits = tonumber(redis.call('GET', KEYS[2]) or '0')
if permits > 0 then
  return {'ON_SALE', permits}
end
local rank = redis.call('ZRANK', KEYS[1], user)
if rank then
  return {'WAITING', rank + 1, 0}
end
local length = redis.call('ZCARD', KEYS[1])
if length >= tonumber(ARGV[2]) then
  return {'FULL', length}
end
redis.call('ZADD', KEYS[1], now, user)
redis.call('EXPIREAT', KEYS[1], ARGV[4])
return {'WAITING', redis.call('ZRANK', KEYS[1], user) + 1, 1}
