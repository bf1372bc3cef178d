-- Acquire a re-entrant lock laid out as Redisson's RLock: a hash {holder -> hold count}.
-- The same holder may take it again (the count goes up); anyone else waits.
-- KEYS[1]: lock hash. ARGV[1]: lease in milliseconds. ARGV[2]: holder "<client uuid>:<thread id>".
-- Returns {1, hold count} when acquired, {0, PTTL} when another holder has it.
if redis.call('EXISTS', KEYS[1]) == 0 or redis.call('HEXISTS', KEYS[1], ARGV[2]) == 1 then
  local count = redis.call('HINCRBY', KEYS[1], ARGV[2], 1)
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  return {1, count}
end
return {0, redis.call('PTTL', KEYS[1])}
