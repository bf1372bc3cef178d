-- #include guard/fingerprint
-- Release holders of a redis-semaphore (Node) semaphore as its own release does for each:
-- ZREM the holder's member. One holder (the guard: it is still there; others keep their
-- permits and may come and go) or every holder as observed (the guard: exactly those).
-- KEYS[1]: semaphore zset. ARGV[1]: fingerprint. ARGV[2..]: the holders' members.
-- Returns {1} released, or the guard's refusal {0, type, size, entries...}.
local refused = lockscope_guard(KEYS[1], ARGV[1])
if refused then
  return refused
end
for i = 2, #ARGV do
  redis.call('ZREM', KEYS[1], ARGV[i])
end
return {1}
