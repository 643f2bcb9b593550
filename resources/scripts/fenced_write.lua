-- The protected resource's write, guarded by a fencing token (Kleppmann 2016): a write carrying
-- a token lower than the highest one seen is refused, so a paused former holder cannot
-- overwrite what the current holder wrote.
-- Used by the simulator's critical section for the fenced strategy.
--
-- KEYS[1]  the counter key (the protected resource)
-- KEYS[2]  the highest fencing token seen so far
-- ARGV[1]  the writer's fencing token
-- ARGV[2]  the new value of the counter
-- returns  an error reply "STALE token N < M" when N is lower than the highest token M seen,
--          otherwise records N as the highest token, sets the counter and returns OK
local token = tonumber(ARGV[1])
local highest = tonumber(redis.call('get', KEYS[2]) or '0')
if token == nil then
    return redis.error_reply('ERR fencing token is not a number')
end
if token < highest then
    return redis.error_reply('STALE token ' .. ARGV[1] .. ' < ' .. tostring(highest))
end
redis.call('set', KEYS[2], ARGV[1])
return redis.call('set', KEYS[1], ARGV[2])
