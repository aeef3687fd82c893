-- The health check's round trip: Redis answers PING from inside a script, so the check goes the way the
-- engine's scripts go (to a master, through the script cache). Returns the status reply 'PONG'.

return redis.call('PING')
