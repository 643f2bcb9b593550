-- Reentrant acquire on a hash: field "<client>:<thread>" holds the nesting count.
-- The same shape as Redisson's RLock (tryLockInnerAsync).
--
-- KEYS[1]  lock key (a hash)
-- ARGV[1]  lease (TTL) in milliseconds
-- ARGV[2]  holder field, "<client>:<thread>"
-- returns  nil when acquired or re-entered (the field's count went up by one and the lease was
--          reset), otherwise the holder's remaining TTL in ms (PTTL), as Redisson does, so that a
--          waiter knows how long to wait at most
if (redis.call('exists', KEYS[1]) == 0) or (redis.call('hexists', KEYS[1], ARGV[2]) == 1) then
    redis.call('hincrby', KEYS[1], ARGV[2], 1)
    redis.call('pexpire', KEYS[1], ARGV[1])
    return nil
end
return redis.call('pttl', KEYS[1])
