-- #include guard/fingerprint
-- #include guard/acl
-- #include redisson/stale-waiters
-- Take a Redisson RLock as its tryLock script does when the lock is free: the holder field
-- "<client uuid>:<thread id>" counts reentries, and the hash lives for the lease. Redisson
-- clients then see the lock held by LockScope's client id. Only when the hash is absent, as
-- the operator saw it: LockScope never re-enters someone else's hold.
-- A fair lock lets only the first of its queue take it: while others queue, nobody jumps it.
-- As in tryLock, waiters whose timeout passed are dropped first, and the first that takes it
-- leaves the queue and its timeout, and every later waiter's timeout moves one place up.
-- Redisson moves them by the taker's wait, which the queue does not keep; the step between
-- the first two timeouts is the next waiter's own wait, the same for one application.
-- KEYS[1]: lock hash. KEYS[2]: fair-lock queue, redisson_lock_queue:{name}.
-- KEYS[3]: its waiters' timeouts, redisson_lock_timeout:{name}.
-- ARGV[1]: fingerprint (absent). ARGV[2]: holder field. ARGV[3]: lease in milliseconds.
-- Returns {1} acquired, {2, first waiter} when others queue for it (either then {"dropped", n}
-- if stale waiters were dropped; an acquire then {"moved", n, step} if n waiters moved up by
-- step ms), or the guard's refusal {0, type, size, entries...}.
local refused = lockscope_guard(KEYS[1], ARGV[1])
if refused then
  return refused
end
local stale = lockscope_stale_waiters(KEYS[2], KEYS[3])
local first = redis.call('LINDEX', KEYS[2], stale)
local writes = lockscope_drop_writes(KEYS[2], KEYS[3], stale, {})
if first and first ~= ARGV[2] then
  local denied = lockscope_denied(writes)
  if denied then
    return denied
  end
  lockscope_drop_stale_waiters(KEYS[2], KEYS[3], stale)
  return lockscope_with_dropped({2, first})
end
local step, moved = 0, 0
if first then
  local second = redis.call('LINDEX', KEYS[2], stale + 1)
  if second then
    local mine = tonumber(redis.call('ZSCORE', KEYS[3], first))
    local theirs = tonumber(redis.call('ZSCORE', KEYS[3], second))
    -- Only a finite step: an infinite one would make a later score NaN, which ZINCRBY refuses.
    if mine and theirs and theirs > mine and theirs - mine < math.huge then
      step = theirs - mine
    end
  end
  table.insert(writes, {'LPOP', KEYS[2]})
  table.insert(writes, {'ZREM', KEYS[3], ARGV[2]})
  if step > 0 then
    table.insert(writes, {'ZINCRBY', KEYS[3], '0', 'waiter'})
  end
end
table.insert(writes, {'HINCRBY', KEYS[1], ARGV[2], '1'})
table.insert(writes, {'PEXPIRE', KEYS[1], ARGV[3]})
local denied = lockscope_denied(writes)
if denied then
  return denied
end
lockscope_drop_stale_waiters(KEYS[2], KEYS[3], stale)
if first then
  redis.call('LPOP', KEYS[2])
  redis.call('ZREM', KEYS[3], ARGV[2])
  if step > 0 then
    for _, waiter in ipairs(redis.call('ZRANGE', KEYS[3], 0, -1)) do
      redis.call('ZINCRBY', KEYS[3], -step, waiter)
      moved = moved + 1
    end
  end
end
redis.call('HINCRBY', KEYS[1], ARGV[2], 1)
redis.call('PEXPIRE', KEYS[1], ARGV[3])
local result = lockscope_with_dropped({1})
if moved > 0 then
  table.insert(result, {'moved', moved, step})
end
return result
