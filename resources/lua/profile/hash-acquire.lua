-- #include guard/fingerprint
-- #include guard/acl
-- Take a hash lock of a custom profile: the holder is a field (value 1), the hash lives for
-- the TTL. Only when the hash is absent, so no one else's holder field is ever joined.
-- KEYS[1]: lock hash. ARGV[1]: fingerprint (absent). ARGV[2]: holder field.
-- ARGV[3]: TTL in milliseconds.
-- Returns {1} acquired, or the guard's refusal {0, type, size, entries...}.
local refused = lockscope_guard(KEYS[1], ARGV[1])
if refused then
  return refused
end
local denied = lockscope_denied({{'HSET', KEYS[1], ARGV[2], '1'}, {'PEXPIRE', KEYS[1], ARGV[3]}})
if denied then
  return denied
end
redis.call('HSET', KEYS[1], ARGV[2], 1)
redis.call('PEXPIRE', KEYS[1], ARGV[3])
return {1}
