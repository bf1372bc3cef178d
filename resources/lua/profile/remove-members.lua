-- #include guard/fingerprint
-- Release holders of a set or sorted-set lock of a custom profile: remove their members
-- (SREM or ZREM, by the key's type). One holder (the guard: it is still there; others keep
-- theirs) or every holder as observed (the guard: exactly those members).
-- KEYS[1]: lock set. ARGV[1]: fingerprint. ARGV[2..]: members.
-- Returns {1} released, or the guard's refusal {0, type, size, entries...}.
local refused = lockscope_guard(KEYS[1], ARGV[1])
if refused then
  return refused
end
local remove = redis.call('TYPE', KEYS[1])['ok'] == 'zset' and 'ZREM' or 'SREM'
for i = 2, #ARGV do
  redis.call(remove, KEYS[1], ARGV[i])
end
return {1}
