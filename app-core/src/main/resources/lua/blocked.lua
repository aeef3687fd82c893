-- Writes an opening's copy of the students blocked by no-show strikes (SPEC §16), read by reserve.lua
-- in the opening's own hash slot. ARGV[1] 'replace': the whole copy (warm-up), else one student's line
-- (a strike or a forgiveness); ARGV[2] epoch second at which the opening's keys expire; then pairs of
-- user id and epoch ms the block ends ('0': not blocked, the line is removed).
--
-- KEYS[1] bf:{s:sessionId}:blocked

if ARGV[1] == 'replace' then
  redis.call('DEL', KEYS[1])
end
for i = 3, #ARGV, 2 do
  if ARGV[i + 1] == '0' then
    redis.call('HDEL', KEYS[1], ARGV[i])
  else
    redis.call('HSET', KEYS[1], ARGV[i], ARGV[i + 1])
  end
end
if redis.call('EXISTS', KEYS[1]) == 1 then
  redis.call('EXPIREAT', KEYS[1], ARGV[2])
end
return redis.call('HLEN', KEYS[1])
