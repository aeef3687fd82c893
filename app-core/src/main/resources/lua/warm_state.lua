-- Whether Redis holds an opening as this very Redis built it: the warm marker names the run id of
-- the Redis that rebuilt the opening (resync.lua). Missing → Redis lost the opening; another run id
-- → Redis was restarted (from a file that may miss its last second, or a promoted replica) since.
-- Returns 'WARM', 'MISSING' or 'RESTARTED'.
--
-- KEYS[1] bf:{s:sessionId}:warm

local builtBy = redis.call('GET', KEYS[1])
if not builtBy then
  return 'MISSING'
end
if builtBy ~= string.match(redis.call('INFO', 'server'), 'run_id:(%w+)') then
  return 'RESTARTED'
end
return 'WARM'
