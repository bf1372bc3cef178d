-- #include guard/fingerprint
-- Force-release a lock exactly as the operator saw it: plain/release's compare-and-delete (the
-- script the lock's own clients run, with their token), the guard comparing everything that
-- was seen (a string's value, every field of a hash, every member of a set) rather than one
-- token. Any other state, a new holder included, is refused.
-- KEYS[1]: lock key. ARGV[1]: fingerprint (whole).
-- Returns {1} released, or the guard's refusal {0, type, size, entries...}.
local refused = lockscope_guard(KEYS[1], ARGV[1])
if refused then
  return refused
end
redis.call('DEL', KEYS[1])
return {1}
