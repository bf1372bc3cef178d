-- #include guard/fingerprint
-- #include guard/wake
-- Force-release a Redisson read-write lock as observed, guarded by everything the operator
-- saw: the mode and every reader and writer field with its hold count. A reader that joined
-- since is refused, never deleted with the rest. DEL the hash, then publish "1"
-- (READ_UNLOCK_MESSAGE) on redisson_rwlock:{name}, which wakes every waiting reader and
-- writer. The per-read-hold timeout keys expire on their own within the lease.
-- KEYS[1]: lock hash. KEYS[2]: redisson_rwlock:{name}. ARGV[1]: fingerprint (whole).
-- Returns {1} released (then {"unwoken", channel, why} if a wake-up was refused), or the guard's
-- refusal {0, type, size, entries...}.
local refused = lockscope_guard(KEYS[1], ARGV[1])
if refused then
  return refused
end
redis.call('DEL', KEYS[1])
lockscope_wake(KEYS[2], '1')
return lockscope_done({1})
