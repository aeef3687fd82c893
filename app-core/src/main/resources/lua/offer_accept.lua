-- A student takes the place offered to them (SPEC §16): it becomes a grant like one of reserve.lua — in
-- the slot's dedup set, counted in the student's quota, pending and in flight until the consumer records
-- it (PENDING_PAYMENT, the usual pay window). Returns {outcome, value, redisNowMillis}: 'ACCEPTED';
-- 'NO_OFFER' (none, or it expired); 'BLOCKED' (value: when the block ends); 'QUOTA_EXCEEDED' (value:
-- places held); 'DUP_REQ'; 'SHARE_USED' (past the student's fair share: value 0, then the entries that count
-- against the rule, then the rule; lib/share.lua).
--
-- KEYS[1] bf:{s:sessionId}:offer:{slotId}  KEYS[2] bf:{s:sessionId}:offers  KEYS[3] bf:{s:sessionId}:dedup:{slotId}
-- KEYS[4] bf:{s:sessionId}:quota  KEYS[5] bf:{s:sessionId}:reserve:pending:{traceId}
-- KEYS[6] bf:{s:sessionId}:reserve:inflight  KEYS[7] bf:{s:sessionId}:blocked  KEYS[8] bf:{s:sessionId}:share
-- ARGV[1] userId  ARGV[2] slotId  ARGV[3] pending record value  ARGV[4] pending TTL s  ARGV[5] in-flight member
-- ARGV[6] the opening's per-student limit  ARGV[7] epoch second the opening's keys expire
-- ARGV[8] the slot's place "start,end"  ARGV[9] the share's rules

local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local user = ARGV[1]
local expiry = tonumber(redis.call('HGET', KEYS[1], user) or '0')
if expiry <= now then
  return {'NO_OFFER', 0, now}
end
local blockedUntil = tonumber(redis.call('HGET', KEYS[7], user) or '0')
if blockedUntil > now then
  return {'BLOCKED', blockedUntil, now}
end
if redis.call('SISMEMBER', KEYS[3], user) == 1 then
  return {'DUP_REQ', 0, now}
end
local held = tonumber(redis.call('HGET', KEYS[4], user) or '0')
if held >= tonumber(ARGV[6]) then
  return {'QUOTA_EXCEEDED', held, now}
end
local rule, holding = shareRefusal(KEYS[8], user, ARGV[8], ARGV[9])
if rule then
  return {'SHARE_USED', 0, now, holding, rule}
end
redis.call('HDEL', KEYS[1], user)
redis.call('ZREM', KEYS[2], ARGV[2] .. '|' .. user)
redis.call('SADD', KEYS[3], user)
redis.call('EXPIREAT', KEYS[3], ARGV[7])
redis.call('HINCRBY', KEYS[4], user, 1)
redis.call('EXPIREAT', KEYS[4], ARGV[7])
redis.call('SET', KEYS[5], ARGV[3], 'EX', ARGV[4])
redis.call('ZADD', KEYS[6], string.format('%d', now), ARGV[5])
redis.call('EXPIRE', KEYS[6], 172800)
shareTake(KEYS[8], user, shareEntry(ARGV[2], ARGV[8]), ARGV[7])
return {'ACCEPTED', 0, now}
