-- Force-release a Redisson read-write lock, guarded by the reader or writer field the operator
-- saw: DEL the hash, then publish "1" (READ_UNLOCK_MESSAGE) on redisson_rwlock:{name}, which
-- wakes every waiting reader and writer. The per-read-hold timeout keys expire on their own.
-- KEYS[1]: lock hash. KEYS[2]: redisson_rwlock:{name}. ARGV[1]: holder field.
-- Returns {1} released, {0, current mode} no longer held by that field, {-1} no such key.
if redis.call('HEXISTS', KEYS[1], ARGV[1]) == 1 then
  redis.call('DEL', KEYS[1])
  redis.call('PUBLISH', KEYS[2], '1')
  return {1}
end
if redis.call('EXISTS', KEYS[1]) == 0 then
  return {-1}
end
return {0, redis.call('HGET', KEYS[1], 'mode') or ''}
