-- Gives a student's place in a slot back, at most once: the place returns only if this call is the one
-- that removes the student from the slot's dedup set. Cancel, timeout, refund, no-show, dead-letter
-- compensation and the reconciler may all fire for one booking; one wins. The place is offered to the
-- first student on the slot's waitlist who may take it (lib/offers.lua), atomically with its return, so
-- it is never both on sale and offered; with nobody waiting (or the slot started) it goes back on sale.
-- Returns {outcome, user offered or '', offer expiry ms, students passed over...}: outcome 'RELEASED'
-- (on sale again), 'OFFERED' or 'NOTHING_HELD'. A release is logged in the opening's released log (kept a
-- few minutes) for a re-sync whose database read it may have missed (resync.lua).
--
-- KEYS[1] bf:{s:sessionId}:dedup:{slotId}  KEYS[2] bf:{s:sessionId}:sem:{slotId}  KEYS[3] bf:{s:sessionId}:quota
-- KEYS[4] bf:{s:sessionId}:reserve:pending:{traceId} (or any key, when ARGV[2] is empty)  KEYS[5] bf:{s:sessionId}:reserve:inflight
-- KEYS[6] bf:{s:sessionId}:slot:off:{slotId} (present while the slot is disabled: its permit stays at 0)
-- KEYS[7] bf:{s:sessionId}:released
-- KEYS[8] bf:{s:sessionId}:wait:{slotId}  KEYS[9] bf:{s:sessionId}:offer:{slotId}  KEYS[10] bf:{s:sessionId}:offers
-- KEYS[11] bf:{s:sessionId}:blocked  KEYS[12] bf:{s:sessionId}:share
-- ARGV[1] userId  ARGV[2] in-flight member to forget ('' when none)  ARGV[3] slotId
-- ARGV[4] how long the log keeps an entry, ms
-- ARGV[5] '1': release only if the in-flight member was still there (a grant given back a second time)
-- ARGV[6] the offer window, ms  ARGV[7] the slot's start, epoch ms  ARGV[8] the opening's per-student limit
-- ARGV[9] epoch second at which the opening's keys expire  ARGV[10] the slot's place "start,end"
-- ARGV[11] the share's rules  ARGV[12] '1': the student's share stays taken (a no-show: the place was used)

if ARGV[2] ~= '' then
  local removed = redis.call('ZREM', KEYS[5], ARGV[2])
  redis.call('DEL', KEYS[4])
  if removed == 0 and ARGV[5] == '1' then
    -- a grant given back again (its compensation was claimed before): its place goes only if the grant
    -- is still in flight, else the first give-back has returned it and the student's place now is another's
    return {'NOTHING_HELD', '', 0}
  end
end
if redis.call('SREM', KEYS[1], ARGV[1]) == 0 then
  return {'NOTHING_HELD', '', 0}
end
if ARGV[12] ~= '1' then
  shareFree(KEYS[12], ARGV[1], 'b' .. ARGV[3])
end
local left = redis.call('HINCRBY', KEYS[3], ARGV[1], -1)
if left <= 0 then
  redis.call('HDEL', KEYS[3], ARGV[1])
end
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
redis.call('ZADD', KEYS[7], string.format('%d', now), ARGV[1] .. '|' .. ARGV[3])
redis.call('ZREMRANGEBYSCORE', KEYS[7], '-inf', string.format('%d', now - tonumber(ARGV[4])))
redis.call('PEXPIRE', KEYS[7], ARGV[4])
if redis.call('EXISTS', KEYS[6]) == 1 then
  return {'RELEASED', '', 0}
end
local keys = {wait = KEYS[8], offer = KEYS[9], offers = KEYS[10], dedup = KEYS[1], quota = KEYS[3], blocked = KEYS[11],
  share = KEYS[12]}
return offerOrSell(keys, KEYS[2], ARGV[3], now, {ARGV[6], ARGV[7], ARGV[8], ARGV[9], ARGV[10], ARGV[11]}, 'RELEASED')
