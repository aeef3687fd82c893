-- A student's fair share (SPEC §16), as the opening's copy in its own hash slot holds it (decision 26):
-- the hash bf:{s:sessionId}:share maps a student to the bookings that count against their share, each
-- "key,slotId,start,end" and separated by ';' — key 'b<slotId>' for a booking they made, 'p<reservationId>'
-- for one they accepted as a partner; start and end in minutes since the epoch of the gym's wall clock, so
-- a booking's play date is floor(start / 1440) and its Monday-first week floor((date + 3) / 7).
-- Each sport has its own day's and week's share (SPEC §21); one place at a time holds across every sport. A
-- booking of the first sport (BADMINTON: every booking of an installation from before sports) is written as
-- before; one of another sport carries it after its slot: "key,slotId/SPORT,start,end".
-- rules "dayCap,weekCap,sameTime[;SPORT,dayCap,weekCap...]": most bookings of a sport a play date, most a week
-- (0: no weekly share), '1': one place at the same time; then each sport whose share is not the gym's.
-- place "start,end[,SPORT]": the booking asked for, and its sport (none: the first sport).

local FIRST_SPORT = 'BADMINTON'

-- The place's start, end and sport.
local function sharePlace(place)
  local s, e, sport = string.match(place, '^(%-?%d+),(%-?%d+),?([%w_]*)$')
  return tonumber(s), tonumber(e), sport == '' and FIRST_SPORT or sport
end

-- The entry's start, end and sport.
local function shareHeld(entry)
  local slot, hs, he = string.match(entry, '^[^,]+,([^,]+),(%-?%d+),(%-?%d+)$')
  return tonumber(hs), tonumber(he), string.match(slot, '/([%w_]+)$') or FIRST_SPORT
end

-- The rule a booking of `place` would break, and the bookings that break it (nil when it may be taken):
-- one place at a time first, then the day, then the week.
local function shareRefusal(shareKey, user, place, rules)
  local held = redis.call('HGET', shareKey, user)
  if not held then
    return nil
  end
  local s, e, sport = sharePlace(place)
  local dayCap, weekCap, sameTime, sports = string.match(rules, '^(%d+),(%d+),(%d)(.*)$')
  local ownDay, ownWeek = string.match(sports, ';' .. sport .. ',(%d+),(%d+)')
  dayCap, weekCap = tonumber(ownDay or dayCap), tonumber(ownWeek or weekCap)
  local day = math.floor(s / 1440)
  local week = math.floor((day + 3) / 7)
  local same, onDay, inWeek = {}, {}, {}
  for entry in string.gmatch(held, '[^;]+') do
    local hs, he, heldSport = shareHeld(entry)
    local d = math.floor(hs / 1440)
    if sameTime == '1' and hs < e and s < he then
      same[#same + 1] = entry
    end
    if heldSport == sport and d == day then
      onDay[#onDay + 1] = entry
    end
    if heldSport == sport and math.floor((d + 3) / 7) == week then
      inWeek[#inWeek + 1] = entry
    end
  end
  if #same > 0 then
    return 'SAME_TIME', same
  end
  if #onDay >= dayCap then
    return 'DAY', onDay
  end
  if weekCap > 0 and #inWeek >= weekCap then
    return 'WEEK', inWeek
  end
  return nil
end

-- The student's entries without the one of `key`, joined again ('' when none is left).
local function shareWithout(held, key)
  local kept = {}
  local prefix = key .. ','
  for entry in string.gmatch(held or '', '[^;]+') do
    if string.sub(entry, 1, #prefix) ~= prefix then
      kept[#kept + 1] = entry
    end
  end
  return table.concat(kept, ';')
end

-- The booking `entry` ("key,slotId[/SPORT],start,end") counts against the student's share from now on (once: an
-- entry of the same key is replaced). expireAt: epoch second the opening's keys expire (nil: the caller sets it).
local function shareTake(shareKey, user, entry, expireAt)
  local key = string.match(entry, '^([^,]+),')
  local rest = shareWithout(redis.call('HGET', shareKey, user), key)
  redis.call('HSET', shareKey, user, rest == '' and entry or (rest .. ';' .. entry))
  if expireAt then
    redis.call('EXPIREAT', shareKey, expireAt)
  end
end

-- The booking of `key` no longer counts against the student's share.
local function shareFree(shareKey, user, key)
  local held = redis.call('HGET', shareKey, user)
  if not held then
    return
  end
  local rest = shareWithout(held, key)
  if rest == '' then
    redis.call('HDEL', shareKey, user)
  else
    redis.call('HSET', shareKey, user, rest)
  end
end

-- A booker's entry for a place of slotId at `place` ("start,end[,SPORT]").
local function shareEntry(slotId, place)
  local times, sport = string.match(place, '^(%-?%d+,%-?%d+),?([%w_]*)$')
  local slot = (sport == '' or sport == FIRST_SPORT) and slotId or (slotId .. '/' .. sport)
  return 'b' .. slotId .. ',' .. slot .. ',' .. times
end
