-- An answer to a student's booking-pass challenge. Right: the challenge is used up and the pass is
-- stored (its hash, until the opening's keys expire). Wrong: one attempt fewer; the last wrong one
-- ends the challenge. Returns {'PASSED', 0}, {'WRONG', attempts left}, {'EXHAUSTED', 0} or
-- {'NO_CHALLENGE', 0}.
--
-- KEYS[1] bf:{s:sessionId}:challenge:{userId}   KEYS[2] bf:{s:sessionId}:pass:{userId}
-- ARGV[1] the answer given (lower case)  ARGV[2] the new pass's hash  ARGV[3] epoch second the pass expires

local answer = redis.call('HGET', KEYS[1], 'answer')
if not answer then
  return {'NO_CHALLENGE', 0}
end
if answer == ARGV[1] then
  redis.call('DEL', KEYS[1])
  redis.call('SET', KEYS[2], ARGV[2])
  redis.call('EXPIREAT', KEYS[2], ARGV[3])
  return {'PASSED', 0}
end
local left = redis.call('HINCRBY', KEYS[1], 'attempts', -1)
if left <= 0 then
  redis.call('DEL', KEYS[1])
  return {'EXHAUSTED', 0}
end
return {'WRONG', left}
