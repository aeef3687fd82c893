-- Rebuilds an opening's stock from the database's view plus what changed in Redis since that view
-- was read: for each slot, dedup = the database's holders, corrected by the latest of "recorded" and
-- "given back" of each student since, ∪ in-flight grantees; permits = capacity − |dedup| (0 for a disabled
-- slot); the per-student counts of the opening; the slot → opening binding. "Since" is a Redis time
-- taken before the database was read: a grant committed or a place given back while it was read
-- is in the opening's settled or released log (settle.lua, release.lua), so neither interleaving
-- leaves a holder out or a place lost. The warm marker records which Redis built the opening (its
-- run id): a restarted Redis, which may have lost its last second, is told by a different one.
-- Atomic with respect to reserve.lua. Returns the opening's total permits.
--
-- Places offered to waitlisted students (SPEC §16) are held like places taken: an offer Redis holds and
-- has not expired stays; when Redis lost the opening (or was restarted since it built it) the database's
-- live offers are put back, as far as places are left, and its lines in their order; either way the place is
-- not on sale while offered.
--
-- Places on sale while students wait for them — a withdrawn slot put back on sale, a capacity raised — are
-- offered to the first in line who may take them (lib/offers.lua), as a returned place is, before any is
-- sold. Returns {the opening's total permits, then for each slot whose line moved: {slotId, outcome, user
-- offered or '', expiry ms, students passed over...}} (outcome 'OFFERED', or 'RELEASED' when only
-- students passed over left the line).
--
-- The opening's copy of the students' fair shares (lib/share.lua) is rebuilt too: the bookings the database
-- counts that are not the opening's own places, then each place of the opening as just rebuilt (so a grant in
-- flight counts, and one given back does not).
--
-- KEYS[1] bf:{s:sessionId}:quota  KEYS[2] bf:{s:sessionId}:reserve:inflight  KEYS[3] bf:{s:sessionId}:warm
-- KEYS[4] bf:{s:sessionId}:settled  KEYS[5] bf:{s:sessionId}:released  KEYS[6] bf:{s:sessionId}:offers
-- KEYS[7] bf:{s:sessionId}:blocked
-- then for each slot i: KEYS[6i+2] bf:{s:sessionId}:sem:{slotId}, KEYS[6i+3] bf:{s:sessionId}:dedup:{slotId},
--                       KEYS[6i+4] bf:{s:sessionId}:slot:session:{slotId}, KEYS[6i+5] bf:{s:sessionId}:slot:off:{slotId},
--                       KEYS[6i+6] bf:{s:sessionId}:offer:{slotId}, KEYS[6i+7] bf:{s:sessionId}:wait:{slotId}
-- and last: bf:{s:sessionId}:share
-- ARGV[1] sessionId  ARGV[2] expire-at epoch second  ARGV[3] since (Redis time, ms)  ARGV[4] slot count
-- ARGV[5] the offer window, ms  ARGV[6] the opening's per-student limit  ARGV[7] the share's rules
-- then for each slot: slotId, its place "start,end", capacity, active (1/0), its start (epoch ms; 0: offer nothing), holder count,
-- holder user ids..., the database's offer count, then user id and expiry (epoch ms) of each, the database's
-- waiting count, then user id and join time (epoch ms) of each, first joined first;
-- then the count of students with bookings elsewhere that count, and user id and entries of each

local sessionId = ARGV[1]
local expireAt = ARGV[2]
local since = ARGV[3]

local function parse(member)
  local _, user, slot, session = string.match(member, '^([^|]+)|([^|]+)|([^|]+)|([^|]+)$')
  return user, slot, session
end

-- what happened to each (slot, student) since the read began: the latest of "recorded" and "given
-- back" wins (on the same millisecond, "recorded": a place is given back before it is granted again)
local changes = {}
local function changed(user, slot, time, held)
  local ofSlot = changes[slot] or {}
  changes[slot] = ofSlot
  local last = ofSlot[user]
  if last == nil or time > last.time or (time == last.time and held) then
    ofSlot[user] = {time = time, held = held}
  end
end
local settled = redis.call('ZRANGEBYSCORE', KEYS[4], since, '+inf', 'WITHSCORES')
for i = 1, #settled, 2 do
  local user, slot = parse(settled[i])
  changed(user, slot, tonumber(settled[i + 1]), true)
end
local released = redis.call('ZRANGEBYSCORE', KEYS[5], since, '+inf', 'WITHSCORES')
for i = 1, #released, 2 do
  local user, slot = string.match(released[i], '^([^|]+)|([^|]+)$')
  changed(user, slot, tonumber(released[i + 1]), false)
end

-- grants in flight now are held, whatever happened before
local inflight = {}
for _, member in ipairs(redis.call('ZRANGE', KEYS[2], 0, -1)) do
  local user, slot = parse(member)
  inflight[slot] = inflight[slot] or {}
  inflight[slot][user] = true
end

redis.call('DEL', KEYS[1])
local quota = {}
local total = 0
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
-- Redis holds the opening as this very Redis built it: its offers are the truth (the database's copy may
-- name an offer passed on since it was read). Only a Redis that lost the opening, or was restarted since,
-- has offers put back from the database.
local intact = redis.call('GET', KEYS[3]) == string.match(redis.call('INFO', 'server'), 'run_id:(%w+)')
local waiting = {}
local shareKey, rules = KEYS[#KEYS], ARGV[7]
local placed = {}
local a = 8
for i = 1, tonumber(ARGV[4]) do
  local semKey, dedupKey, bindKey, offKey, offerKey, waitKey =
    KEYS[6 * i + 2], KEYS[6 * i + 3], KEYS[6 * i + 4], KEYS[6 * i + 5], KEYS[6 * i + 6], KEYS[6 * i + 7]
  local slotId, place, capacity, active = ARGV[a], ARGV[a + 1], tonumber(ARGV[a + 2]), ARGV[a + 3] == '1'
  local startMs, n = tonumber(ARGV[a + 4]), tonumber(ARGV[a + 5])
  a = a + 6
  local holders = {}
  for j = 0, n - 1 do
    holders[ARGV[a + j]] = true
  end
  a = a + n
  local offered = tonumber(ARGV[a])
  local restore = {}
  if not intact then
    for j = 1, offered do
      restore[#restore + 1] = {ARGV[a + 2 * j - 1], ARGV[a + 2 * j]}
    end
  end
  a = a + 1 + 2 * offered
  local waits = tonumber(ARGV[a])
  local rejoin = {}
  if not intact then
    for j = 1, waits do
      rejoin[#rejoin + 1] = {ARGV[a + 2 * j - 1], ARGV[a + 2 * j]}
    end
  end
  a = a + 1 + 2 * waits
  for user, last in pairs(changes[slotId] or {}) do
    holders[user] = last.held or nil
  end
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
  -- offers Redis lost, put back while places are left for them (never more than the slot has)
  for _, offer in ipairs(restore) do
    local user, expires = offer[1], offer[2]
    if tonumber(expires) > now and holders[user] == nil and redis.call('HEXISTS', offerKey, user) == 0
        and taken + redis.call('HLEN', offerKey) < capacity then
      redis.call('HSET', offerKey, user, expires)
      redis.call('EXPIREAT', offerKey, expireAt)
      redis.call('ZADD', KEYS[6], expires, slotId .. '|' .. user)
      redis.call('EXPIREAT', KEYS[6], expireAt)
    end
  end
  -- lines Redis lost, put back in their order (never a student who holds the slot or is offered it)
  -- (the database keeps join times to the second: each after the one before, so the order holds)
  local last = 0
  for _, wait in ipairs(rejoin) do
    local user, joined = wait[1], math.max(tonumber(wait[2]), last + 1)
    last = joined
    if holders[user] == nil and redis.call('HEXISTS', offerKey, user) == 0 then
      redis.call('ZADD', waitKey, 'NX', string.format('%d', joined), user)
      redis.call('EXPIREAT', waitKey, expireAt)
    end
  end
  -- an offer not yet expired holds its place; an expired one (or one of a student who holds the slot)
  -- is dropped here, its place counted free, so the sweep cannot give it back a second time
  local held = redis.call('HGETALL', offerKey)
  local offers = 0
  for j = 2, #held, 2 do
    local user = held[j - 1]
    if holders[user] == nil and tonumber(held[j]) > now then
      offers = offers + 1
    else
      redis.call('HDEL', offerKey, user)
      redis.call('ZREM', KEYS[6], slotId .. '|' .. user)
    end
  end
  local permits = 0
  if active then
    permits = math.max(0, capacity - taken - offers)
    redis.call('DEL', offKey)
  else
    redis.call('SET', offKey, '1')
    redis.call('EXPIREAT', offKey, expireAt)
  end
  if permits > 0 and now < startMs and redis.call('ZCARD', waitKey) > 0 then
    waiting[#waiting + 1] = {slotId = slotId, sem = semKey, start = startMs, permits = permits,
      keys = {wait = waitKey, offer = offerKey, offers = KEYS[6], dedup = dedupKey, quota = KEYS[1], blocked = KEYS[7],
        share = shareKey, place = place, rules = rules}}
  end
  placed[#placed + 1] = {slotId = slotId, place = place, holders = holders}
  total = total + permits
  redis.call('SET', semKey, permits)
  redis.call('EXPIREAT', semKey, expireAt)
  if taken > 0 then
    redis.call('EXPIREAT', dedupKey, expireAt)
  end
  redis.call('SET', bindKey, sessionId)
  redis.call('EXPIREAT', bindKey, expireAt)
end

redis.call('DEL', shareKey)
for j = 1, tonumber(ARGV[a]) do
  redis.call('HSET', shareKey, ARGV[a + 2 * j - 1], ARGV[a + 2 * j])
end
for _, slot in ipairs(placed) do
  for user in pairs(slot.holders) do
    shareTake(shareKey, user, shareEntry(slot.slotId, slot.place), nil)
  end
end
if redis.call('EXISTS', shareKey) == 1 then
  redis.call('EXPIREAT', shareKey, expireAt)
end

local any = false
for user, count in pairs(quota) do
  redis.call('HSET', KEYS[1], user, count)
  any = true
end
if any then
  redis.call('EXPIREAT', KEYS[1], expireAt)
end
-- with the students' counts rebuilt: places on sale while students wait are offered to them first
local moved = {}
for _, slot in ipairs(waiting) do
  local permits = slot.permits
  while permits > 0 do
    local user, expires, skipped = offerNext(
      slot.keys, slot.slotId, now, tonumber(ARGV[5]), slot.start, tonumber(ARGV[6]), expireAt)
    if user then
      permits = permits - 1
      total = total - 1
    end
    if user or #skipped > 0 then
      local reply = offerReply(user and 'OFFERED' or 'RELEASED', user, expires, skipped)
      table.insert(reply, 1, slot.slotId)
      moved[#moved + 1] = reply
    end
    if not user then
      break
    end
  end
  redis.call('SET', slot.sem, permits)
  redis.call('EXPIREAT', slot.sem, expireAt)
end

redis.call('SET', KEYS[3], string.match(redis.call('INFO', 'server'), 'run_id:(%w+)'))
redis.call('EXPIREAT', KEYS[3], expireAt)
local reply = {total}
for _, m in ipairs(moved) do
  reply[#reply + 1] = m
end
return reply
