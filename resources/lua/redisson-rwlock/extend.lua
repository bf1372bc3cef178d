-- #include guard/fingerprint
-- Set the lease of an RReadWriteLock hash as its watchdog does (PEXPIRE), only while it is
-- exactly as the operator saw it. The lease is every holder's: while others hold it too it is
-- only ever lengthened, never cut short under them (a reader's watchdog may have renewed it
-- since the operator looked).
-- KEYS[1]: the lock hash. ARGV[1]: fingerprint (the whole lock). ARGV[2]: lease in ms.
-- Returns {1} extended, {1, pttl} when the longer lease the others have was kept, or the
-- guard's refusal {0, type, size, entries...}.
local refused = lockscope_guard(KEYS[1], ARGV[1])
if refused then
  return refused
end
local ttl = tonumber(ARGV[2])
local left = redis.call('PTTL', KEYS[1])
-- The mode field and one holder: nobody else's lease to keep.
if redis.call('HLEN', KEYS[1]) <= 2 or (left >= 0 and left < ttl) then
  redis.call('PEXPIRE', KEYS[1], ttl)
  return {1}
end
return {1, left}
