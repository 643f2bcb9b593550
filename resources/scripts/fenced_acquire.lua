-- Fenced acquire: SET NX PX, and on success draw the next fencing token from a counter key.
-- Kleppmann, "How to do distributed locking" (2016); Redisson's RFencedLock keeps its token in
-- redisson_lock_token:{name}. The lock part is the plain SET NX PX of set-nx-px-lua.
--
-- KEYS[1]  lock key
-- KEYS[2]  fencing token counter ("<lock key>:fence"), never expires
-- ARGV[1]  the caller's token (the lock value)
-- ARGV[2]  TTL in milliseconds
-- returns  the new fencing token (an integer >= 1, strictly increasing) when acquired,
--          0 when someone else holds the lock
if redis.call('set', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2]) then
    return redis.call('incr', KEYS[2])
end
return 0
