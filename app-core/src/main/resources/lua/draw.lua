-- An opening's fair draw, once its window has closed: the entrants in an order set by the opening's
-- secret (committed at warm-up, published after), each given the first slot of their preference that
-- still has a permit — under the same rules as reserve.lua: not a slot they hold, not beyond the
-- per-student limit, not past their fair share (lib/share.lua: such a slot is as one they hold). The order, reproducible outside Redis (docs/api.md, "A draw anyone can verify"):
-- each entrant's pseudonym id = SHA-1('entrant:' .. sessionId .. ':' .. userId); a line per entrant
-- "id wanted held taken expired" (taken: the slots wanted that the entrant holds or may not take for
-- their fair share), the lines sorted by id, joined by newlines, digested by SHA-1; each
-- entrant's key = SHA-1(secret .. ':' .. digest .. ':' .. id); the entrants in key order (then id). A winner's grant is
-- made as reserve.lua makes one (permit, dedup, count, pending record, in-flight entry, pass spent);
-- a loser's trace is marked lost. Atomic, and once: whichever node runs it first draws, every
-- later call answers ALREADY. Returns:
--   {'DRAWN', redisNowMs, entrants, expired, open (1/0), digest, places at the close "slot=n,...",
--    the entry lines, trace1, user1, slot1, trace2, ...}  the record and the winners' grants
--   {'ALREADY'}  drawn before           {'NOT_YET', ms until the window closes}
--   {'COLD'}     Redis does not hold the opening (it is rebuilt first)
-- An entry whose pending record has expired (the draw ran minutes late) was given up: it is skipped.
--
-- KEYS[1] bf:{s:sessionId}:draw  KEYS[2] bf:{s:sessionId}:draw:entries  KEYS[3] bf:{s:sessionId}:gate
-- KEYS[4] bf:{s:sessionId}:gate:time  KEYS[5] bf:{s:sessionId}:quota  KEYS[6] bf:{s:sessionId}:reserve:inflight
-- KEYS[7] bf:{s:sessionId}:warm  KEYS[8] bf:{s:sessionId}:share
-- then for each slot i of the opening: KEYS[7+2i] bf:{s:sessionId}:sem:{slotId}, KEYS[8+2i] bf:{s:sessionId}:dedup:{slotId}
-- ARGV[1] sessionId  ARGV[2] window ms  ARGV[3] the secret (hex)  ARGV[4] per-student limit  ARGV[5] pending TTL s
-- ARGV[6] expire-at epoch second  ARGV[7] '1' when the opening asks for a booking pass  ARGV[8] node
-- ARGV[9] pending key prefix  ARGV[10] pass key prefix  ARGV[11] the fair-share rules "dayCap,weekCap,sameTime"
-- ARGV[12..] each slot "id,start,end" (its place, lib/share.lua), in KEYS order

if redis.call('EXISTS', KEYS[7]) == 0 then
  return {'COLD'}
end
if redis.call('HEXISTS', KEYS[1], 'drawnAt') == 1 then
  return {'ALREADY'}
end
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
-- the window runs from the gate's opening time, whether or not a request has flipped the gate yet (a
-- node whose clock runs ahead of Redis's asks early: it is told to wait, not given an empty draw); an
-- opening with no opening time is closed: its entrants all lose
local opensAt = redis.call('GET', KEYS[4])
local open = opensAt ~= false or redis.call('GET', KEYS[3]) == '1'
local closesAt = tonumber(opensAt or '0') + tonumber(ARGV[2])
if opensAt and now < closesAt then
  return {'NOT_YET', closesAt - now}
end

local sessionId = ARGV[1]
local limit = tonumber(ARGV[4])
local expireAt = ARGV[6]
local shareKey, rules = KEYS[8], ARGV[11]
local slotKeys = {}
local places = {}
for i = 12, #ARGV do
  local k = 9 + 2 * (i - 12)
  local id, place = string.match(ARGV[i], '^([^,]+),(.*)$')
  slotKeys[id] = {sem = KEYS[k], dedup = KEYS[k + 1], place = place}
  places[#places + 1] = id .. '=' .. (redis.call('GET', KEYS[k]) or '0')
end

local entrants = {}
local all = redis.call('HGETALL', KEYS[2])
for i = 1, #all, 2 do
  local user = all[i]
  local trace, wanted = string.match(all[i + 1], '^([^|]+)|(.*)$')
  local taken = {}
  local barred = {}
  for slot in string.gmatch(wanted, '[^,]+') do
    local keys = slotKeys[slot]
    if keys and (redis.call('SISMEMBER', keys.dedup, user) == 1
        or shareRefusal(shareKey, user, keys.place, rules) ~= nil) then
      taken[#taken + 1] = slot
      barred[slot] = true
    end
  end
  entrants[#entrants + 1] = {
    user = user, trace = trace, wanted = wanted, barred = barred,
    id = redis.sha1hex('entrant:' .. sessionId .. ':' .. user),
    held = tonumber(redis.call('HGET', KEYS[5], user) or '0'),
    taken = taken,
    expired = redis.call('EXISTS', ARGV[9] .. trace) == 0
  }
end
table.sort(entrants, function(a, b) return a.id < b.id end)
local lines = {}
for _, e in ipairs(entrants) do
  lines[#lines + 1] = e.id .. ' ' .. e.wanted .. ' ' .. e.held .. ' '
      .. (#e.taken > 0 and table.concat(e.taken, ',') or '-') .. ' ' .. (e.expired and '1' or '0')
end
local record = table.concat(lines, '\n')
local digest = redis.sha1hex(record)
for _, e in ipairs(entrants) do
  e.key = redis.sha1hex(ARGV[3] .. ':' .. digest .. ':' .. e.id)
end
table.sort(entrants, function(a, b) return a.key < b.key or (a.key == b.key and a.id < b.id) end)

local winners = {}
local expired = 0
for _, entrant in ipairs(entrants) do
  local user = entrant.user
  local trace, wanted = entrant.trace, entrant.wanted
  local pending = ARGV[9] .. trace
  if entrant.expired then
    expired = expired + 1
  else
    local first = nil
    local won = nil
    local held = entrant.held
    for slot in string.gmatch(wanted, '[^,]+') do
      first = first or slot
      local keys = slotKeys[slot]
      if open and won == nil and held < limit and keys and not entrant.barred[slot]
          and tonumber(redis.call('GET', keys.sem) or '0') > 0 then
        won = slot
        redis.call('DECR', keys.sem)
        redis.call('SADD', keys.dedup, user)
        redis.call('EXPIREAT', keys.dedup, expireAt)
      end
    end
    if won then
      shareTake(shareKey, user, shareEntry(won, slotKeys[won].place), expireAt)
      redis.call('HINCRBY', KEYS[5], user, 1)
      redis.call('EXPIREAT', KEYS[5], expireAt)
      redis.call('SET', pending, user .. ':' .. won .. ':' .. sessionId, 'EX', ARGV[5])
      redis.call('ZADD', KEYS[6], string.format('%d', now), trace .. '|' .. user .. '|' .. won .. '|' .. sessionId)
      if ARGV[7] == '1' then
        local passKey = ARGV[10] .. user
        local pass = redis.call('GET', passKey)
        if pass and string.sub(pass, 1, 6) ~= 'spent:' then
          redis.call('SET', passKey, 'spent:' .. trace .. ':' .. pass)
          redis.call('EXPIREAT', passKey, expireAt)
        end
      end
      winners[#winners + 1] = trace
      winners[#winners + 1] = user
      winners[#winners + 1] = won
    else
      redis.call('SET', pending, user .. ':' .. (first or '0') .. ':' .. sessionId .. ':LOST')
      redis.call('EXPIREAT', pending, expireAt)
    end
  end
end
redis.call('EXPIRE', KEYS[6], 172800)

redis.call('HSET', KEYS[1], 'drawnAt', string.format('%d', now), 'windowClosedAt', string.format('%d', closesAt),
    'entrants', #entrants, 'winners', #winners / 3, 'expired', expired, 'digest', digest, 'node', ARGV[8])
redis.call('EXPIREAT', KEYS[1], expireAt)
local reply = {'DRAWN', now, #entrants, expired, open and 1 or 0, digest, table.concat(places, ','), record}
for _, v in ipairs(winners) do
  reply[#reply + 1] = v
end
return reply
