-- #include guard/fingerprint
-- #include guard/acl
-- #include guard/wake
-- Release one holder of a Redisson read-write lock, as that holder's own unlock would, all
-- of its reentrant holds at once; everyone else keeps theirs. Guarded by what the operator
-- saw of that holder (its hold count) and of the lock (its mode): a holder that re-acquired
-- since is refused; readers that joined are simply left alone.
--   A reader "<id>:<tid>": HDEL its field and DEL its hold keys
--   {name}:<id>:<tid>:rwlock_timeout:1..n, as RedissonReadLock's unlock does one hold at a
--   time. While holders remain, a read lock's hash lives as long as its longest hold key.
--   A writer "<id>:<tid>:write": HDEL its field; the writer's own read holds, if any, keep
--   the lock in mode read, as RedissonWriteLock's unlock leaves it.
--   With no holder left: DEL the hash and publish on redisson_rwlock:{name}, "0" after a
--   reader (as the read unlock does) and "1" after a writer (as the write unlock does).
-- One difference from Redisson, on purpose: Redisson's read unlock deletes the whole hash
-- when the remaining readers' hold keys have all expired, treating those reads as dead. An
-- admin action does not decide that a hold the operator can see is dead: the hash is kept.
-- KEYS[1]: lock hash. KEYS[2]: redisson_rwlock:{name}. KEYS[3]: "{name}" (the hold keys'
-- prefix; every key here shares its hash tag). ARGV[1]: fingerprint (holder).
-- ARGV[2]: the holder's field. ARGV[3]: its hold count as seen.
-- Returns {1, 1} released and the hash deleted (then {"unwoken", channel, why} if the wake-up
-- was refused), {1, 0} released and others still hold it,
-- or the guard's refusal {0, type, size, entries...}.
local refused = lockscope_guard(KEYS[1], ARGV[1])
if refused then
  return refused
end
local field = ARGV[2]
local writer = string.sub(field, -6) == ':write'
-- Every write it may make: on the lock, and a reader's on each of its hold keys.
local writes = {{'HDEL', KEYS[1], field}, {'DEL', KEYS[1]}, {'HSET', KEYS[1], 'mode', 'read'}, {'PEXPIRE', KEYS[1], '1'}}
if not writer then
  for i = 1, tonumber(ARGV[3]) do
    table.insert(writes, {'DEL', KEYS[3] .. ':' .. field .. ':rwlock_timeout:' .. i})
  end
end
local denied = lockscope_denied(writes)
if denied then
  return denied
end
redis.call('HDEL', KEYS[1], field)
if not writer then
  for i = 1, tonumber(ARGV[3]) do
    redis.call('DEL', KEYS[3] .. ':' .. field .. ':rwlock_timeout:' .. i)
  end
end
if redis.call('HLEN', KEYS[1]) <= 1 then
  redis.call('DEL', KEYS[1])
  lockscope_wake(KEYS[2], writer and '1' or '0')
  return lockscope_done({1, 1})
end
local mode = redis.call('HGET', KEYS[1], 'mode')
if writer then
  redis.call('HSET', KEYS[1], 'mode', 'read')
elseif mode == 'read' then
  local longest = -3
  for _, other in ipairs(redis.call('HKEYS', KEYS[1])) do
    local count = tonumber(redis.call('HGET', KEYS[1], other))
    if count then
      for i = count, 1, -1 do
        longest = math.max(longest, redis.call('PTTL', KEYS[3] .. ':' .. other .. ':rwlock_timeout:' .. i))
      end
    end
  end
  if longest > 0 then
    redis.call('PEXPIRE', KEYS[1], longest)
  end
end
return {1, 0}
