-- Release: delete the key only if it still holds our token (compare-and-delete, atomic).
-- KEYS[1] the lock key; ARGV[1] the token this acquisition wrote.
-- Returns 1 when it deleted the caller's lock, 0 otherwise.
if redis.call('get', KEYS[1]) == ARGV[1] then
    return redis.call('del', KEYS[1])
end
return 0
