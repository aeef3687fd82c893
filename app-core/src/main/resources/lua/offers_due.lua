-- The offers of an opening that are due, by Redis's clock (the clock that set their expiry): at most 500,
-- the earliest first. Returns their members of the offers ZSET, "slotId|userId".
--
-- KEYS[1] bf:{s:sessionId}:offers

local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
return redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', now, 'LIMIT', 0, 500)
