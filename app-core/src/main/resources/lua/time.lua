-- Redis's clock, the one every node shares and the scripts decide by. Returns {seconds, microseconds}
-- (Redis's TIME). Called with no key (any master) or with a key of an opening: then the master of its
-- hash slot answers, whose clock stamped what the opening's scripts wrote.
--
-- KEYS[1] (optional) bf:{s:sessionId}:warm, for routing only

return redis.call('TIME')
