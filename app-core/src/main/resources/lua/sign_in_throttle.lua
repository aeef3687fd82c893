-- Failed sign-ins, counted per student id and per client address, across nodes. One call:
--   ARGV[1] = 'CHECK': how long sign-ins for this id or address must wait, in ms (0: go ahead)
--   ARGV[1] = 'FAIL' : count a failure for both, then answer the same
--   ARGV[1] = 'OK'   : the id signed in: its count starts again (the address's does not: it is shared)
-- A key is a hash {n = failures in the window, until = epoch ms before which sign-ins wait}. Past
-- its threshold each failure doubles the wait (1 s, 2 s, 4 s, ... up to the cap).
--
-- KEYS[1] the student id's counter  KEYS[2] the address's counter
-- ARGV[2] failures allowed per id  ARGV[3] per address  ARGV[4] window ms  ARGV[5] longest wait ms

local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local window = tonumber(ARGV[4])
local cap = tonumber(ARGV[5])

local function fail(key, allowed)
  local n = redis.call('HINCRBY', key, 'n', 1)
  local keep = window
  if n > allowed then
    local wait = math.min(cap, 1000 * 2 ^ math.min(n - allowed - 1, 30))
    redis.call('HSET', key, 'until', string.format('%d', now + wait))
    keep = math.max(window, wait)
  end
  redis.call('PEXPIRE', key, keep)
end

local function waitFor(key)
  local untilMs = tonumber(redis.call('HGET', key, 'until') or '0')
  return math.max(0, untilMs - now)
end

if ARGV[1] == 'FAIL' then
  fail(KEYS[1], tonumber(ARGV[2]))
  fail(KEYS[2], tonumber(ARGV[3]))
elseif ARGV[1] == 'OK' then
  redis.call('DEL', KEYS[1])
  return 0
end
return math.max(waitFor(KEYS[1]), waitFor(KEYS[2]))
