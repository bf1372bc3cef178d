-- #include guard/fingerprint
-- Move an issued permit's expiry as RPermitExpirableSemaphore.updateLeaseTime() does: its
-- score in the timeout zset becomes now + lease (server time), only while it is still issued.
-- KEYS[1]: {name}:timeout zset. ARGV[1]: fingerprint (holder). ARGV[2]: permit id.
-- ARGV[3]: lease in milliseconds.
-- Returns {1} updated, or the guard's refusal {0, type, size, entries...}.
local refused = lockscope_guard(KEYS[1], ARGV[1])
if refused then
  return refused
end
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
redis.call('ZADD', KEYS[1], 'XX', now + tonumber(ARGV[3]), ARGV[2])
return {1}
