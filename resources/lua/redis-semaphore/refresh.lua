-- Refresh one holder of a redis-semaphore (Node) semaphore as its refresh script does: re-score
-- the member with the current time and keep the set alive for the lock timeout, only while the
-- member is still there (a pruned holder must acquire again).
-- KEYS[1]: semaphore zset. ARGV[1]: the holder's member. ARGV[2]: lock timeout in milliseconds.
-- Returns {1} refreshed, {0, ''} that holder is gone, {-1} no such key.
if redis.call('ZSCORE', KEYS[1], ARGV[1]) then
  local t = redis.call('TIME')
  local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
  redis.call('ZADD', KEYS[1], 'XX', now, ARGV[1])
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
  return {1}
end
if redis.call('EXISTS', KEYS[1]) == 0 then
  return {-1}
end
return {0, ''}
