-- Adds one node's last second(s) of an opening's rush to the opening's per-second series, which all
-- nodes add to (RushSeries): counts are added, maxima kept, samples set; the students who tried are
-- counted once each in a set (exact: staff compare it with what they know). Both keys live for ARGV[1]
-- ms after the last write.
--
-- KEYS[1] bf:{s:sessionId}:series (hash "<epochSecond>:<FIELD>" -> number)
-- KEYS[2] bf:{s:sessionId}:students (set of user ids)
-- ARGV[1] time to live, ms   ARGV[2] n, the number of field operations that follow
-- ARGV[3 .. 2+2n] pairs of (op..field, value): op '+' adds, '>' keeps the larger, '=' sets
-- ARGV[3+2n ..] user ids of the students who tried

local n = tonumber(ARGV[2])
for i = 0, n - 1 do
  local spec = ARGV[3 + 2 * i]
  local value = ARGV[4 + 2 * i]
  local op = string.sub(spec, 1, 1)
  local field = string.sub(spec, 2)
  if op == '+' then
    redis.call('HINCRBY', KEYS[1], field, value)
  elseif op == '>' then
    local current = tonumber(redis.call('HGET', KEYS[1], field) or '-1')
    if tonumber(value) > current then
      redis.call('HSET', KEYS[1], field, value)
    end
  else
    redis.call('HSET', KEYS[1], field, value)
  end
end
local first = 3 + 2 * n
local batch = {}
for i = first, #ARGV do
  batch[#batch + 1] = ARGV[i]
  if #batch == 500 then
    redis.call('SADD', KEYS[2], unpack(batch))
    batch = {}
  end
end
if #batch > 0 then
  redis.call('SADD', KEYS[2], unpack(batch))
end
redis.call('PEXPIRE', KEYS[1], ARGV[1])
if redis.call('EXISTS', KEYS[2]) == 1 then
  redis.call('PEXPIRE', KEYS[2], ARGV[1])
end
return 1
