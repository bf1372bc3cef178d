-- #include guard/fingerprint
-- #include guard/acl
-- Take a Redisson read-write lock for writing, as RedissonWriteLock's script does when the
-- lock is free: mode=write, the writer's field "<client uuid>:<thread id>:write" = 1, and the
-- lease. Readers and writers of the real library then wait for LockScope's hold.
-- KEYS[1]: lock hash. ARGV[1]: fingerprint (absent). ARGV[2]: writer field.
-- ARGV[3]: lease in milliseconds.
-- Returns {1} acquired, or the guard's refusal {0, type, size, entries...}.
local refused = lockscope_guard(KEYS[1], ARGV[1])
if refused then
  return refused
end
local denied = lockscope_denied({{'HSET', KEYS[1], 'mode', 'write'}, {'PEXPIRE', KEYS[1], ARGV[3]}})
if denied then
  return denied
end
redis.call('HSET', KEYS[1], 'mode', 'write')
redis.call('HSET', KEYS[1], ARGV[2], 1)
redis.call('PEXPIRE', KEYS[1], ARGV[3])
return {1}
