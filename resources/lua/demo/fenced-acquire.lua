-- Take a plain token lock and, in the same atomic step, a fencing number: the lock's
-- holder shows the number to the protected resource, which rejects numbers lower than one it
-- has already seen. The counter only ever grows, and only a successful SET moves it.
-- KEYS[1]: lock key. KEYS[2]: fencing counter. ARGV[1]: token. ARGV[2]: TTL in milliseconds.
-- Returns the fencing number when acquired, or false (nil) when the lock is held.
if redis.call('SET', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2]) then
  return redis.call('INCR', KEYS[2])
end
return false
