-- #include guard/fingerprint
-- #include guard/acl
-- Refresh one holder of a redis-semaphore (Node) semaphore as its refresh script does: re-score
-- the member with the current time and keep the set alive for the lock timeout, only while the
-- member is still there (a pruned holder must acquire again). The set's expiry is every holder's:
-- while others are in it, it is only ever lengthened, never cut short under them.
-- KEYS[1]: semaphore zset. ARGV[1]: fingerprint (holder). ARGV[2]: the holder's member.
-- ARGV[3]: lock timeout in milliseconds.
-- Returns {1} refreshed, {1, pttl} when the longer life the others have was kept, or the guard's refusal {0, type, size, entries...}.
local refused = lockscope_guard(KEYS[1], ARGV[1])
if refused then
  return refused
end
local denied = lockscope_denied({{'ZADD', KEYS[1], 'XX', '0', ARGV[2]}, {'PEXPIRE', KEYS[1], ARGV[3]}})
if denied then
  return denied
end
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
redis.call('ZADD', KEYS[1], 'XX', now, ARGV[2])
local ttl = tonumber(ARGV[3])
local left = redis.call('PTTL', KEYS[1])
if redis.call('ZCARD', KEYS[1]) == 1 or (left >= 0 and left < ttl) then
  redis.call('PEXPIRE', KEYS[1], ttl)
  return {1}
end
return {1, left}
