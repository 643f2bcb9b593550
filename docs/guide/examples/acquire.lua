-- Acquire: set the key only if it is absent, with its TTL, in one command.
-- KEYS[1] the lock key; ARGV[1] a token unique to this acquisition; ARGV[2] the TTL in ms.
-- Returns OK when acquired, nil when the lock is busy.
return redis.call('set', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2])
