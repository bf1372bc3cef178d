-- Force-release a Redisson RLock or FairLock as forceUnlock() does, guarded by the holder
-- field the operator saw: DEL, then publish the unlock message so blocked waiters retry at once
-- instead of sleeping out the lease. A fair lock's waiters each listen on their own channel,
-- "<unlock channel>:<holder>", and only the first in its queue is told.
-- KEYS[1]: lock hash. KEYS[2]: unlock channel, redisson_lock__channel:{name}.
-- KEYS[3]: fair-lock queue, redisson_lock_queue:{name}.
-- ARGV[1]: holder field "<client uuid>:<thread id>". ARGV[2]: unlock message ("0").
-- Returns {1} released, {0, a current holder field} held by someone else, {-1} no such key.
if redis.call('HEXISTS', KEYS[1], ARGV[1]) == 1 then
  redis.call('DEL', KEYS[1])
  redis.call('PUBLISH', KEYS[2], ARGV[2])
  local head = redis.call('LINDEX', KEYS[3], 0)
  if head then
    redis.call('PUBLISH', KEYS[2] .. ':' .. head, ARGV[2])
  end
  return {1}
end
if redis.call('EXISTS', KEYS[1]) == 0 then
  return {-1}
end
return {0, redis.call('HKEYS', KEYS[1])[1]}
