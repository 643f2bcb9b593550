-- Reentrant release: count the holder's field down; delete the lock when it reaches zero.
-- The same shape as Redisson's RLock (unlockInnerAsync, without its PUBLISH).
--
-- KEYS[1]  lock key (a hash)
-- ARGV[1]  lease (TTL) in milliseconds, renewed while the count stays above zero
-- ARGV[2]  holder field, "<client>:<thread>"
-- returns  nil when the caller holds no count (never held, expired, or someone else's lock),
--          0 when the count went down but is still above zero (still held, lease renewed),
--          1 when the count reached zero and the lock was deleted
if redis.call('hexists', KEYS[1], ARGV[2]) == 0 then
    return nil
end
local counter = redis.call('hincrby', KEYS[1], ARGV[2], -1)
if counter > 0 then
    redis.call('pexpire', KEYS[1], ARGV[1])
    return 0
end
redis.call('del', KEYS[1])
return 1
