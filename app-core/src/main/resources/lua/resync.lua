-- Rebuilds an opening's stock from the database's view plus the grants still in flight:
-- for each slot, dedup = database holders ∪ in-flight grantees, permits = capacity − |dedup|
-- (0 for a disabled slot); the per-student counts of the opening; the slot → opening binding.
-- Atomic with respect to reserve.lua. Returns the opening's total permits.
--
-- KEYS[1] bf:quota:{sessionId}  KEYS[2] bf:reserve:inflight  KEYS[3] bf:warm:{sessionId}
-- then for each slot i: KEYS[4i] bf:sem:{slotId}, KEYS[4i+1] bf:dedup:{slotId},
--                       KEYS[4i+2] bf:slot:session:{slotId}, KEYS[4i+3] bf:slot:off:{slotId}
-- ARGV[1] sessionId  ARGV[2] expire-at epoch second  ARGV[3] slot count
-- then for each slot: slotId, capacity, active (1/0), holder count, holder user ids...

local sessionId = ARGV[1]
local expireAt = ARGV[2]

local inflight = {}
for _, member in ipairs(redis.call('ZRANGE', KEYS[2], 0, -1)) do
  local _, user, slot, session = string.match(member, '^([^|]+)|([^|]+)|([^|]+)|([^|]+)$')
  if session == sessionId then
    inflight[slot] = inflight[slot] or {}
    inflight[slot][user] = true
  end
end

redis.call('DEL', KEYS[1])
local quota = {}
local total = 0
local a = 4
for i = 1, tonumber(ARGV[3]) do
  local semKey, dedupKey, bindKey, offKey = KEYS[4 * i], KEYS[4 * i + 1], KEYS[4 * i + 2], KEYS[4 * i + 3]
  local slotId, capacity, active, n = ARGV[a], tonumber(ARGV[a + 1]), ARGV[a + 2] == '1', tonumber(ARGV[a + 3])
  a = a + 4
  local holders = {}
  for j = 0, n - 1 do
    holders[ARGV[a + j]] = true
  end
  a = a + n
  for user in pairs(inflight[slotId] or {}) do
    holders[user] = true
  end
  redis.call('DEL', dedupKey)
  local taken = 0
  for user in pairs(holders) do
    redis.call('SADD', dedupKey, user)
    taken = taken + 1
    quota[user] = (quota[user] or 0) + 1
  end
  local permits = 0
  if active then
    permits = math.max(0, capacity - taken)
    redis.call('DEL', offKey)
  else
    redis.call('SET', offKey, '1')
    redis.call('EXPIREAT', offKey, expireAt)
  end
  total = total + permits
  redis.call('SET', semKey, permits)
  redis.call('EXPIREAT', semKey, expireAt)
  if taken > 0 then
    redis.call('EXPIREAT', dedupKey, expireAt)
  end
  redis.call('SET', bindKey, sessionId)
  redis.call('EXPIREAT', bindKey, expireAt)
end

local any = false
for user, count in pairs(quota) do
  redis.call('HSET', KEYS[1], user, count)
  any = true
end
if any then
  redis.call('EXPIREAT', KEYS[1], expireAt)
end
redis.call('SET', KEYS[3], '1')
redis.call('EXPIREAT', KEYS[3], expireAt)
return total
