-- Take a hash lock of a custom profile: the holder is a field (value 1), the hash lives for
-- the TTL. Only when the hash is absent, so no one else's holder field is ever joined.
-- KEYS[1]: lock hash. ARGV[1]: holder field. ARGV[2]: TTL in milliseconds.
-- Returns {1} acquired, {0, a current holder field} held by someone else.
if redis.call('EXISTS', KEYS[1]) == 0 then
  redis.call('HSET', KEYS[1], ARGV[1], 1)
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
  return {1}
end
return {0, redis.call('HKEYS', KEYS[1])[1]}
