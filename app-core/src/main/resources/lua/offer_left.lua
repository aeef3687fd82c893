-- How long a student's offer of a slot has left, by Redis's clock: the clock that decides offers
-- (offer_pass.lua, offers_due.lua) and stamped its end. Read in one step, so a node whose own clock
-- runs fast or slow shows the offer exactly as long as Redis holds it open. Returns {end, now}: the
-- offer's end (epoch ms; -1 when Redis holds no offer for the student) and Redis's TIME (epoch ms).
--
-- KEYS[1] bf:{s:sessionId}:offer:{slotId}
-- ARGV[1] userId

local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local ends = redis.call('HGET', KEYS[1], ARGV[1])
if not ends then
  return {-1, now}
end
return {tonumber(ends), now}
