-- Take a Redisson read-write lock for writing, as RedissonWriteLock's script does when the
-- lock is free: mode=write, the writer's field "<client uuid>:<thread id>:write" = 1, and the
-- lease. Readers and writers of the real library then wait for LockScope's hold.
-- KEYS[1]: lock hash. ARGV[1]: writer field. ARGV[2]: lease in milliseconds.
-- Returns {1} acquired, {0, current mode} held by someone else.
if redis.call('EXISTS', KEYS[1]) == 0 then
  redis.call('HSET', KEYS[1], 'mode', 'write')
  redis.call('HSET', KEYS[1], ARGV[1], 1)
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
  return {1}
end
return {0, redis.call('HGET', KEYS[1], 'mode') or ''}
