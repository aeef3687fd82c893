-- Sets an opening's gate as its state says. Returns the gate value after the call, or 'COLD'
-- (and changes nothing) when Redis does not hold the opening: a gate without stock is never made.
--   OPEN    gate "1" now (gate time = the earlier of flash time and now)
--   CLOSED  gate "0", no gate time: it will not open by itself
--   TIMED   gate time = flash time; gate "1" if that time has passed, else "0" (an open gate stays open)
--
-- KEYS[1] bf:{s:sessionId}:gate  KEYS[2] bf:{s:sessionId}:gate:time  KEYS[3] bf:{s:sessionId}:warm
-- ARGV[1] mode  ARGV[2] flash time, epoch ms  ARGV[3] expire-at epoch second

if redis.call('EXISTS', KEYS[3]) == 0 then
  return 'COLD'
end
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local flash = tonumber(ARGV[2])
local mode = ARGV[1]

if mode == 'CLOSED' then
  redis.call('SET', KEYS[1], '0')
  redis.call('DEL', KEYS[2])
elseif mode == 'OPEN' then
  redis.call('SET', KEYS[1], '1')
  redis.call('SET', KEYS[2], string.format('%d', math.min(flash, now)))
else
  redis.call('SET', KEYS[2], ARGV[2])
  if redis.call('GET', KEYS[1]) ~= '1' then
    if now >= flash then
      redis.call('SET', KEYS[1], '1')
    else
      redis.call('SET', KEYS[1], '0')
    end
  end
end
redis.call('EXPIREAT', KEYS[1], ARGV[3])
if mode ~= 'CLOSED' then
  redis.call('EXPIREAT', KEYS[2], ARGV[3])
end
return redis.call('GET', KEYS[1])
