return redis.call('set', KEYS[1], ARGV[1], 'NX' "PX", ARGV[2])
-- A missing comma on purpose: the guide shows what lockscope-cli says about a Lua syntax error.
