-- An offered place passed on (SPEC §16): declined by its student (ARGV[7] 'decline'), or expired (ARGV[7]
-- 'expire': only if its time has come). The place goes to the next student waiting who may take it
-- (lib/offers.lua), or back on sale when nobody is (or the slot has started). Returns {outcome, next
-- student offered or '', offer expiry, students passed over...}: 'OFFERED', 'ON_SALE', 'NO_OFFER' (the
-- student holds no offer of the slot) or 'NOT_DUE' (an expiry asked for too early).
--
-- KEYS[1] bf:{s:sessionId}:wait:{slotId}  KEYS[2] bf:{s:sessionId}:offer:{slotId}  KEYS[3] bf:{s:sessionId}:offers
-- KEYS[4] bf:{s:sessionId}:dedup:{slotId}  KEYS[5] bf:{s:sessionId}:quota  KEYS[6] bf:{s:sessionId}:blocked
-- KEYS[7] bf:{s:sessionId}:sem:{slotId}  KEYS[8] bf:{s:sessionId}:slot:off:{slotId}  KEYS[9] bf:{s:sessionId}:share
-- ARGV[1] userId  ARGV[2] slotId  ARGV[3] offer window ms  ARGV[4] the slot's start, epoch ms
-- ARGV[5] the opening's per-student limit  ARGV[6] epoch second the opening's keys expire  ARGV[7] mode
-- ARGV[8] the slot's place "start,end"  ARGV[9] the share's rules

local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local expiry = redis.call('HGET', KEYS[2], ARGV[1])
if not expiry then
  redis.call('ZREM', KEYS[3], ARGV[2] .. '|' .. ARGV[1])
  return {'NO_OFFER', '', 0}
end
if ARGV[7] == 'expire' and tonumber(expiry) > now then
  return {'NOT_DUE', '', 0}
end
redis.call('HDEL', KEYS[2], ARGV[1])
redis.call('ZREM', KEYS[3], ARGV[2] .. '|' .. ARGV[1])
if redis.call('EXISTS', KEYS[8]) == 1 then
  return {'ON_SALE', '', 0}
end
local keys = {wait = KEYS[1], offer = KEYS[2], offers = KEYS[3], dedup = KEYS[4], quota = KEYS[5], blocked = KEYS[6],
  share = KEYS[9]}
return offerOrSell(keys, KEYS[7], ARGV[2], now, {ARGV[3], ARGV[4], ARGV[5], ARGV[6], ARGV[8], ARGV[9]}, 'ON_SALE')
