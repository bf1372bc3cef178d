-- Release one level of a re-entrant (Redisson-style) lock: count down the holder's field;
-- the last release deletes the hash and tells waiters on the unlock channel, as Redisson does.
-- KEYS[1]: lock hash. KEYS[2]: unlock channel. ARGV[1]: holder. ARGV[2]: lease in milliseconds.
-- Returns {1} released, {0, hold count left} still held, {-1} not held by this holder.
if redis.call('HEXISTS', KEYS[1], ARGV[1]) == 0 then
  return {-1}
end
local count = redis.call('HINCRBY', KEYS[1], ARGV[1], -1)
if count > 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
  return {0, count}
end
redis.call('DEL', KEYS[1])
redis.call('PUBLISH', KEYS[2], 0)
return {1}
