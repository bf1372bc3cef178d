-- #include guard/fingerprint
-- #include guard/acl
-- #include guard/wake
-- Give back permits of a Redisson RPermitExpirableSemaphore as release(permitId) does for
-- each: remove them from the timeout zset, add them back to the counter, and publish the new
-- count on redisson_sc:{name} so waiters retry. One permit (the guard: it is still issued;
-- other permits may come and go) or every permit as observed (the guard: exactly those are
-- issued, none more).
-- KEYS[1]: {name}:timeout zset. KEYS[2]: permit counter. KEYS[3]: redisson_sc:{name}.
-- ARGV[1]: fingerprint. ARGV[2..]: permit ids (16 raw bytes each).
-- Returns {1} released (then {"unwoken", channel, why} if a wake-up was refused), or the guard's
-- refusal {0, type, size, entries...}.
local refused = lockscope_guard(KEYS[1], ARGV[1])
if refused then
  return refused
end
-- A counter that is no number would fail the INCRBY after the permits were taken out.
local counter = redis.call('GET', KEYS[2])
if counter and not string.match(counter, '^%-?%d+$') then
  return redis.error_reply('ERR the permit counter ' .. KEYS[2] .. ' holds no number: nothing was changed')
end
local denied = lockscope_denied({{'ZREM', KEYS[1], 'permit'}, {'INCRBY', KEYS[2], '0'}})
if denied then
  return denied
end
local removed = 0
for i = 2, #ARGV do
  removed = removed + redis.call('ZREM', KEYS[1], ARGV[i])
end
local available = redis.call('INCRBY', KEYS[2], removed)
lockscope_wake(KEYS[3], available)
return lockscope_done({1})
