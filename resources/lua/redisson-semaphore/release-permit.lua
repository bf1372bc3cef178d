-- Give back one permit of a Redisson RPermitExpirableSemaphore as release(permitId) does:
-- remove the permit from the timeout zset, add it back to the counter, and publish the new
-- count on redisson_sc:{name} so waiters retry. Only that permit; the others stay issued.
-- KEYS[1]: {name}:timeout zset. KEYS[2]: permit counter. KEYS[3]: redisson_sc:{name}.
-- ARGV[1]: permit id (16 raw bytes).
-- Returns {1} released, {0, ''} the permit is no longer issued, {-1} no permits issued at all.
if redis.call('ZREM', KEYS[1], ARGV[1]) == 1 then
  local available = redis.call('INCRBY', KEYS[2], 1)
  redis.call('PUBLISH', KEYS[3], available)
  return {1}
end
if redis.call('EXISTS', KEYS[1]) == 0 then
  return {-1}
end
return {0, ''}
