-- Compare-and-delete: release a lock only if it still holds the caller's token.
-- The release most articles on Redis locks end with, and the one the Redis documentation gives.
-- Used by set-nx-px-lua, setnx-expire, lua-setnx-pexpire, watchdog, redlock and fenced.
--
-- KEYS[1]  lock key
-- ARGV[1]  the caller's token (the value its acquire stored)
-- returns  1 when the key held the token and was deleted,
--          0 when the key is absent or holds another client's token (nothing is touched)
if redis.call('get', KEYS[1]) == ARGV[1] then
    return redis.call('del', KEYS[1])
else
    return 0
end
