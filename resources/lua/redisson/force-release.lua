-- Force-release a Redisson RLock as RLock.forceUnlock() does (DEL, then publish the unlock
-- message so blocked waiters retry at once instead of sleeping out the lease), guarded by
-- the holder field the operator saw.
-- KEYS[1]: lock hash. KEYS[2]: its unlock channel, redisson_lock__channel:{name}.
-- ARGV[1]: holder field "<client uuid>:<thread id>". ARGV[2]: unlock message ("0").
-- Returns {1} released, {0, a current holder field} held by someone else, {-1} no such key.
if redis.call('HEXISTS', KEYS[1], ARGV[1]) == 1 then
  redis.call('DEL', KEYS[1])
  redis.call('PUBLISH', KEYS[2], ARGV[2])
  return {1}
end
if redis.call('EXISTS', KEYS[1]) == 0 then
  return {-1}
end
return {0, redis.call('HKEYS', KEYS[1])[1]}
