-- #include guard/fingerprint
-- Take a Redisson RLock as its tryLock script does when the lock is free: the holder field
-- "<client uuid>:<thread id>" counts reentries, and the hash lives for the lease. Redisson
-- clients then see the lock held by LockScope's client id. Only when the hash is absent, as
-- the operator saw it: LockScope never re-enters someone else's hold.
-- A fair lock lets only the first of its queue take it: while others queue, nobody jumps it,
-- and the first that takes it leaves the queue and its timeout, as tryLock does.
-- KEYS[1]: lock hash. KEYS[2]: fair-lock queue, redisson_lock_queue:{name}.
-- KEYS[3]: its waiters' timeouts, redisson_lock_timeout:{name}.
-- ARGV[1]: fingerprint (absent). ARGV[2]: holder field. ARGV[3]: lease in milliseconds.
-- Returns {1} acquired, {2, first waiter} when others queue for it, or the guard's refusal
-- {0, type, size, entries...}.
local refused = lockscope_guard(KEYS[1], ARGV[1])
if refused then
  return refused
end
local first = redis.call('LINDEX', KEYS[2], 0)
if first and first ~= ARGV[2] then
  return {2, first}
end
if first then
  redis.call('LPOP', KEYS[2])
  redis.call('ZREM', KEYS[3], ARGV[2])
end
redis.call('HINCRBY', KEYS[1], ARGV[2], 1)
redis.call('PEXPIRE', KEYS[1], ARGV[3])
return {1}
