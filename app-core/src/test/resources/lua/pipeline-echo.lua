-- Test script for ScriptPipeline: counts its calls per key and answers with what it was given.
local calls = redis.call('INCR', KEYS[1])
return {KEYS[1], ARGV[1], calls}
