-- Acquire with SETNX then PEXPIRE inside one script, so that no crash can come between them.
-- Seed 000 §3.1 (also the setnx/setex variant of seed 002). The seed passes every value in KEYS,
-- the TTL included, and this script keeps that shape.
--
-- Note: seed 000's article prints this script without its final `end` (as published it does not
-- compile; the Java string constant in §3.2 of the same article has it). Written correctly here.
-- (Its unlock script is printed the same way; LockScope releases with compare_and_delete.lua.)
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
