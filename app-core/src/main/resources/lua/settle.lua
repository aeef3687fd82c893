-- Grants settled: forgets their pending records and in-flight entries; those just recorded in the
-- database (ARGV[2] = '1') are logged in the opening's settled log (kept a few minutes) for a re-sync
-- whose database read may have missed them (resync.lua). Returns the in-flight members Redis did not hold: grants it has lost (a Redis
-- restarted from a file a second old, or a replica promoted before it had them), which the caller
-- re-syncs.
--
-- KEYS[1] bf:{s:sessionId}:reserve:inflight  KEYS[2] bf:{s:sessionId}:settled  KEYS[3..] bf:{s:sessionId}:reserve:pending:{traceId}
-- ARGV[1] how long the log keeps an entry, ms  ARGV[2] '1' = recorded, '0' = settled otherwise
-- ARGV[3..] in-flight members, in the order of KEYS[3..]

local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local unknown = {}
local recorded = ARGV[2] == '1'
for i = 3, #ARGV do
  local member = ARGV[i]
  if redis.call('ZREM', KEYS[1], member) == 0 then
    unknown[#unknown + 1] = member
  end
  redis.call('DEL', KEYS[i])
  if recorded then
    redis.call('ZADD', KEYS[2], string.format('%d', now), member)
  end
end
if recorded then
  redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', string.format('%d', now - tonumber(ARGV[1])))
  redis.call('PEXPIRE', KEYS[2], ARGV[1])
end
return unknown
