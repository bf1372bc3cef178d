-- Move an issued permit's expiry as RPermitExpirableSemaphore.updateLeaseTime() does: its
-- score in the timeout zset becomes now + lease (server time), only while it is still issued.
-- KEYS[1]: {name}:timeout zset. ARGV[1]: permit id. ARGV[2]: lease in milliseconds.
-- Returns {1} updated, {0, ''} the permit is no longer issued, {-1} no permits issued at all.
if redis.call('ZSCORE', KEYS[1], ARGV[1]) then
  local t = redis.call('TIME')
  local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
  redis.call('ZADD', KEYS[1], 'XX', now + tonumber(ARGV[2]), ARGV[1])
  return {1}
end
if redis.call('EXISTS', KEYS[1]) == 0 then
  return {-1}
end
return {0, ''}
