-- A flawed release, for the example: it deletes whatever lock is there, including the lock of a
-- client that acquired after ours expired (a mistaken deletion).
return redis.call('del', KEYS[1])
