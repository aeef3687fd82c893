-- Keeps an opening's copy of the students' fair shares (lib/share.lua) in step with bookings made or ended
-- elsewhere: another opening's grant recorded, a booking ended, a partner's acceptance. Only an opening Redis
-- holds (its warm mark present) is written: one it does not hold is copied whole when it is rebuilt.
-- ARGV[1] 'take': a partner's acceptance takes its share here, in the booking's own opening, atomically with
-- the check — ARGV[2] user, ARGV[3] entry "key,slotId[/SPORT],start,end", ARGV[4] rules; returns {'TAKEN'},
-- {'SHARE_USED', rule, holding...} or {'COLD'}.
-- ARGV[1] 'sync': ARGV[2..] triples (op, user, entry or key): 'put' an entry, 'drop' the entry of a key;
-- returns {'SYNCED'} or {'COLD'}.
--
-- The copy expires with the opening's warm mark.
--
-- KEYS[1] bf:{s:sessionId}:share  KEYS[2] bf:{s:sessionId}:warm

local ttl = redis.call('PTTL', KEYS[2])
if ttl == -2 then
  return {'COLD'}
end
local function expire()
  if ttl > 0 and redis.call('EXISTS', KEYS[1]) == 1 then
    redis.call('PEXPIRE', KEYS[1], ttl)
  end
end
if ARGV[1] == 'take' then
  local user, entry = ARGV[2], ARGV[3]
  local slot, place = string.match(entry, '^[^,]+,([^,]+),(.*)$')
  local sport = string.match(slot, '/([%w_]+)$')
  if sport then
    place = place .. ',' .. sport
  end
  local rule, holding = shareRefusal(KEYS[1], user, place, ARGV[4])
  if rule then
    local reply = {'SHARE_USED', rule}
    for _, h in ipairs(holding) do
      reply[#reply + 1] = h
    end
    return reply
  end
  shareTake(KEYS[1], user, entry, nil)
  expire()
  return {'TAKEN'}
end
for i = 2, #ARGV, 3 do
  if ARGV[i] == 'put' then
    shareTake(KEYS[1], ARGV[i + 1], ARGV[i + 2], nil)
  else
    shareFree(KEYS[1], ARGV[i + 1], ARGV[i + 2])
  end
end
expire()
return {'SYNCED'}
