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
-- The permits still issued, each once: the guard saw them, but the holder may have given
-- some back since (a one-permit guard).
local issued, seen = {}, {}
for i = 2, #ARGV do
  if not seen[ARGV[i]] and redis.call('ZSCORE', KEYS[1], ARGV[i]) then
    table.insert(issued, ARGV[i])
  end
  seen[ARGV[i]] = true
end
local denied = lockscope_denied({{'INCRBY', KEYS[2], '0'}, {'ZREM', KEYS[1], 'permit'}})
if denied then
  return denied
end
-- The counter first: one INCRBY refuses (a counter that is no number, or would overflow)
-- before any permit is taken out.
local available = redis.pcall('INCRBY', KEYS[2], #issued)
if type(available) == 'table' and available.err then
  return redis.error_reply('ERR the permit counter ' .. KEYS[2] .. ' cannot be counted up (' .. available.err .. ')')
end
for _, permit in ipairs(issued) do
  redis.call('ZREM', KEYS[1], permit)
end
lockscope_wake(KEYS[3], available)
return lockscope_done({1})
