-- Gives a student's place in a slot back to the stock, at most once: the permit returns only if
-- this call is the one that removes the student from the slot's dedup set. Cancel, timeout,
-- refund, dead-letter compensation and the reconciler may all fire for one booking; one wins.
-- Returns 'RELEASED' or 'NOTHING_HELD'. A release is logged in the opening's released log (kept a
-- few minutes) for a re-sync whose database read it may have missed (resync.lua).
--
-- KEYS[1] bf:{s:sessionId}:dedup:{slotId}  KEYS[2] bf:{s:sessionId}:sem:{slotId}  KEYS[3] bf:{s:sessionId}:quota
-- KEYS[4] bf:{s:sessionId}:reserve:pending:{traceId} (or any key, when ARGV[2] is empty)  KEYS[5] bf:{s:sessionId}:reserve:inflight
-- KEYS[6] bf:{s:sessionId}:slot:off:{slotId} (present while the slot is disabled: its permit stays at 0)
-- KEYS[7] bf:{s:sessionId}:released
-- ARGV[1] userId  ARGV[2] in-flight member to forget ('' when none)  ARGV[3] slotId
-- ARGV[4] how long the log keeps an entry, ms
-- ARGV[5] '1': release only if the in-flight member was still there (a grant given back a second time)

if ARGV[2] ~= '' then
  local removed = redis.call('ZREM', KEYS[5], ARGV[2])
  redis.call('DEL', KEYS[4])
  if removed == 0 and ARGV[5] == '1' then
    -- a grant given back again (its compensation was claimed before): its place goes only if the grant
    -- is still in flight, else the first give-back has returned it and the student's place now is another's
    return 'NOTHING_HELD'
  end
end
if redis.call('SREM', KEYS[1], ARGV[1]) == 1 then
  if redis.call('EXISTS', KEYS[6]) == 0 then
    redis.call('INCR', KEYS[2])
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
  return 'RELEASED'
end
return 'NOTHING_HELD'
