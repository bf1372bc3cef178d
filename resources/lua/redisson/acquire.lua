-- Take a Redisson RLock as its tryLock script does: the holder field "<client uuid>:<thread id>"
-- counts reentries, and the hash lives for the lease. Only when the hash is absent or already
-- this holder's, so Redisson clients then see the lock held by LockScope's client id.
-- KEYS[1]: lock hash. ARGV[1]: holder field. ARGV[2]: lease in milliseconds.
-- Returns {1} acquired, {0, a current holder field} held by someone else.
if redis.call('EXISTS', KEYS[1]) == 0 or redis.call('HEXISTS', KEYS[1], ARGV[1]) == 1 then
  redis.call('HINCRBY', KEYS[1], ARGV[1], 1)
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
  return {1}
end
return {0, redis.call('HKEYS', KEYS[1])[1]}
