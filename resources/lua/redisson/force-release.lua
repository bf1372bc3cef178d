-- #include guard/fingerprint
-- #include guard/acl
-- #include guard/wake
-- #include redisson/stale-waiters
-- Force-release a Redisson RLock or FairLock as forceUnlock() does, guarded by everything the
-- operator saw (every holder field with its hold count): DEL, then publish the unlock message
-- so blocked waiters retry at once instead of sleeping out the lease. A fair lock's waiters
-- each listen on their own channel, "<unlock channel>:<holder>", and only the first in its
-- queue is told, once the waiters that stopped retrying are dropped from its head, as
-- forceUnlock() does. A holder that re-entered (a higher count) or a new holder is refused.
-- KEYS[1]: lock hash. KEYS[2]: unlock channel, redisson_lock__channel:{name}.
-- KEYS[3]: fair-lock queue, redisson_lock_queue:{name} (same hash slot as the lock).
-- KEYS[4]: its waiters' timeouts, redisson_lock_timeout:{name}.
-- ARGV[1]: fingerprint (whole). ARGV[2]: unlock message ("0").
-- Returns {1} released (then {"dropped", n} if stale waiters were dropped, and {"unwoken",
-- channel, why} if a wake-up was refused), or the guard's
-- refusal {0, type, size, entries...}. Everything that can fail is read before the DEL.
local refused = lockscope_guard(KEYS[1], ARGV[1])
if refused then
  return refused
end
local stale = lockscope_stale_waiters(KEYS[3], KEYS[4])
local head = redis.call('LINDEX', KEYS[3], stale)
local denied = lockscope_denied(lockscope_drop_writes(KEYS[3], KEYS[4], stale, {{'DEL', KEYS[1]}}))
if denied then
  return denied
end
lockscope_drop_stale_waiters(KEYS[3], KEYS[4], stale)
redis.call('DEL', KEYS[1])
lockscope_wake(KEYS[2], ARGV[2])
if head then
  lockscope_wake(KEYS[2] .. ':' .. head, ARGV[2])
end
return lockscope_done(lockscope_with_dropped({1}))
