-- Watchdog renewal: extend the lease only while the key still holds the caller's token.
-- Renewed every TTL/3; Redisson's watchdog (renewExpirationAsync) does the same
-- compare-then-PEXPIRE on its hash field.
--
-- KEYS[1]  lock key
-- ARGV[1]  the holder's token
-- ARGV[2]  new TTL in milliseconds
-- returns  1 when the lease was extended, 0 when the lock is gone or belongs to someone else
if redis.call('get', KEYS[1]) == ARGV[1] then
    return redis.call('pexpire', KEYS[1], ARGV[2])
else
    return 0
end
