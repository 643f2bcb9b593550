-- Acquire with SETNX then PEXPIRE inside one script, so that no crash can come between them.
-- A widely copied variant: it passes every value in KEYS, the TTL included, and this script
-- keeps that shape. As it circulates it often lacks its final `end` and does not compile; it is
-- written correctly here. LockScope releases it with compare_and_delete.lua.
--
-- KEYS[1]  lock key
-- KEYS[2]  the caller's token (the lock value)
-- KEYS[3]  TTL in milliseconds
-- returns  1 when the lock was taken (PEXPIRE's reply), 0 when someone else holds it
if redis.call("setnx", KEYS[1], KEYS[2]) == 1 then
    return redis.call("pexpire", KEYS[1], KEYS[3])
else
    return 0
end
