-- Extend a Redisson RLock the way its watchdog renews it: PEXPIRE the lock hash only while
-- the holder's field "<client uuid>:<thread id>" is still in it.
-- KEYS[1]: lock hash. ARGV[1]: holder field. ARGV[2]: new lease in milliseconds.
-- Returns {1} extended, {0, a current holder field} held by someone else, {-1} no such key.
if redis.call('HEXISTS', KEYS[1], ARGV[1]) == 1 then
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
  return {1}
end
if redis.call('EXISTS', KEYS[1]) == 0 then
  return {-1}
end
return {0, redis.call('HKEYS', KEYS[1])[1]}
