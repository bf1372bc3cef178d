-- #include guard/fingerprint
-- #include guard/acl
-- Release a python-redis-lock lock as its unlock script does, guarded by what the operator
-- saw: reset the signal list, push one element that a client blocked in BLPOP on it takes to
-- wake up, let that signal expire, and delete the lock. Without the push, blocked waiters
-- sleep until their BLPOP times out, which may be never. (The library itself names both keys
-- in one script, so on a cluster its lock names carry a hash tag; LockScope passes the keys
-- the library uses.)
-- KEYS[1]: lock:<name>. KEYS[2]: lock-signal:<name>. ARGV[1]: fingerprint. ARGV[2]: signal
-- expiry in ms.
-- Returns {1} released, or the guard's refusal {0, type, size, entries...}.
local refused = lockscope_guard(KEYS[1], ARGV[1])
if refused then
  return refused
end
local denied = lockscope_denied({{'DEL', KEYS[2]}, {'LPUSH', KEYS[2], '1'}, {'PEXPIRE', KEYS[2], ARGV[2]}, {'DEL', KEYS[1]}})
if denied then
  return denied
end
redis.call('DEL', KEYS[2])
redis.call('LPUSH', KEYS[2], 1)
redis.call('PEXPIRE', KEYS[2], ARGV[2])
redis.call('DEL', KEYS[1])
return {1}
