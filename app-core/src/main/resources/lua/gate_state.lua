-- An opening's gate as the reserve script sees it, with Redis's own clock (the clock that opens it).
-- Returns {gate, opensAt, nowMillis}: gate "1" once open ("" when absent), opensAt the epoch ms at
-- which it opens by itself ("" when it will not), nowMillis Redis's TIME in epoch ms.
--
-- KEYS[1] bf:{s:sessionId}:gate  KEYS[2] bf:{s:sessionId}:gate:time

local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
return {redis.call('GET', KEYS[1]) or '', redis.call('GET', KEYS[2]) or '', now}
