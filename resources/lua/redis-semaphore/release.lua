-- Release one holder of a redis-semaphore (Node) semaphore as its own release does: ZREM the
-- holder's member. Other holders keep their permits.
-- KEYS[1]: semaphore zset. ARGV[1]: the holder's member.
-- Returns {1} released, {0, ''} that holder is gone (expired and pruned), {-1} no such key.
if redis.call('ZREM', KEYS[1], ARGV[1]) == 1 then
  return {1}
end
if redis.call('EXISTS', KEYS[1]) == 0 then
  return {-1}
end
return {0, ''}
