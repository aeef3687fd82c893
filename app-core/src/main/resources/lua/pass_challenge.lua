-- A new booking-pass challenge for a student: replaces the one they had; refused once they have
-- been given as many as allowed for the opening. Returns {'ISSUED', count} or {'TOO_MANY', count}.
--
-- KEYS[1] bf:{s:sessionId}:challenge:{userId}   KEYS[2] bf:{s:sessionId}:challenges:{userId}
-- ARGV[1] answer  ARGV[2] attempts allowed  ARGV[3] challenge TTL, ms  ARGV[4] challenges allowed
-- ARGV[5] epoch second at which the opening's keys expire

local count = redis.call('INCR', KEYS[2])
redis.call('EXPIREAT', KEYS[2], ARGV[5])
if count > tonumber(ARGV[4]) then
  return {'TOO_MANY', count}
end
redis.call('DEL', KEYS[1])
redis.call('HSET', KEYS[1], 'answer', ARGV[1], 'attempts', ARGV[2])
redis.call('PEXPIRE', KEYS[1], ARGV[3])
return {'ISSUED', count}
