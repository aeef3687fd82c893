-- Sign-in attempts, counted per student id and per client address, across nodes. An id's attempt
-- counts from the moment it is let through, so that guesses for one id sent in parallel, still
-- waiting for their password to be hashed, count too; a success starts the id's count again. An
-- address counts its failures, once they have failed: many students behind one campus address
-- signing in at once have many attempts waiting for the hashing pool, all of them right (counting
-- those took the whole address past its threshold in a sign-in storm); the hashing pool's queue
-- bounds how many guesses one address can have waiting before their failures count.
--   ARGV[1] = 'ATTEMPT': how long sign-ins for this id or address must wait, in ms; when 0, the
--                        attempt is let through and counted for the id
--   ARGV[1] = 'OK'     : the attempt succeeded: the id's count starts again
--   ARGV[1] = 'FAILED' : the attempt failed: the address counts it
--   ARGV[1] = 'UNTRIED': the attempt was refused before its password was checked (the engine busy): it no longer
--                        counts for the id, so a storm's refusals and their retries do not lock a student out
-- A key is a hash {n = attempts in the window, until = epoch ms before which sign-ins wait}. Past its
-- threshold each attempt doubles the wait (1 s, 2 s, 4 s, ... up to the cap).
--
-- KEYS[1] the student id's counter  KEYS[2] the address's counter
-- ARGV[2] attempts allowed per id  ARGV[3] per address  ARGV[4] window ms  ARGV[5] longest wait ms

local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local window = tonumber(ARGV[4])
local cap = tonumber(ARGV[5])

local function count(key, allowed)
  local n = redis.call('HINCRBY', key, 'n', 1)
  local keep = window
  if n > allowed then
    local wait = math.min(cap, 1000 * 2 ^ math.min(n - allowed - 1, 30))
    -- a plain number, not string.format('%d'): that is a C long, 32 bits on some redis-server builds
    redis.call('HSET', key, 'until', now + wait)
    keep = math.max(window, wait)
  end
  redis.call('PEXPIRE', key, keep)
end

local function waitFor(key)
  local untilMs = tonumber(redis.call('HGET', key, 'until') or '0')
  return math.max(0, untilMs - now)
end

if ARGV[1] == 'OK' then
  redis.call('DEL', KEYS[1])
  return 0
end
if ARGV[1] == 'UNTRIED' then
  if tonumber(redis.call('HGET', KEYS[1], 'n') or '0') > 0 then
    redis.call('HINCRBY', KEYS[1], 'n', -1)
  end
  return 0
end
if ARGV[1] == 'FAILED' then
  count(KEYS[2], tonumber(ARGV[3]))
  return 0
end
local wait = math.max(waitFor(KEYS[1]), waitFor(KEYS[2]))
if wait == 0 then
  count(KEYS[1], tonumber(ARGV[2]))
end
return wait
