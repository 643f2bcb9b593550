-- A planted bug for `lockscope-cli explore --stagger 0 --faults reorder`: besides the usual
-- SET NX PX, a token that sorts below the holder's takes the lock over ("priority"). Harmless
-- when the favoured client's request reaches Redis first; two holders when it arrives second.
if redis.call('set', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2]) then
  return 1
end
if ARGV[1] < redis.call('get', KEYS[1]) then
  redis.call('set', KEYS[1], ARGV[1], 'PX', ARGV[2])
  return 1
end
return 0
