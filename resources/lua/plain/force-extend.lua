-- #include guard/fingerprint
-- Extend a lock on its holder's behalf as plain/extend (or Redisson's watchdog, with its own
-- guard) does: PEXPIRE, only while the lock is exactly as the operator saw it.
-- KEYS[1]: lock key. ARGV[1]: fingerprint. ARGV[2]: new TTL in milliseconds.
-- Returns {1} extended, or the guard's refusal {0, type, size, entries...}.
local refused = lockscope_guard(KEYS[1], ARGV[1])
if refused then
  return refused
end
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return {1}
