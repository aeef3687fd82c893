-- A booking pass spent by a grant that ended FAILED comes back, usable again; a pass spent by
-- another grant, or replaced since by a new one, is left alone. Returns 1 when it came back.
--
-- KEYS[1] bf:{s:sessionId}:pass:{userId}   ARGV[1] the grant's trace id

local value = redis.call('GET', KEYS[1])
local prefix = 'spent:' .. ARGV[1] .. ':'
if not value or string.sub(value, 1, #prefix) ~= prefix then
  return 0
end
local ttl = redis.call('PTTL', KEYS[1])
redis.call('SET', KEYS[1], string.sub(value, #prefix + 1))
if ttl > 0 then
  redis.call('PEXPIRE', KEYS[1], ttl)
end
return 1
