-- Release a python-redis-lock lock as its unlock script does, guarded by the id the operator
-- saw: reset the signal list, push one element that a client blocked in BLPOP on it takes to
-- wake up, let that signal expire, and delete the lock. Without the push, blocked waiters
-- sleep until their BLPOP times out, which may be never.
-- KEYS[1]: lock:<name>. KEYS[2]: lock-signal:<name>. ARGV[1]: lock id. ARGV[2]: signal expiry in ms.
-- Returns {1} released, {0, current id} held by someone else, {-1} no such key.
local current = redis.call('GET', KEYS[1])
if current == ARGV[1] then
  redis.call('DEL', KEYS[2])
  redis.call('LPUSH', KEYS[2], 1)
  redis.call('PEXPIRE', KEYS[2], ARGV[2])
  redis.call('DEL', KEYS[1])
  return {1}
elseif not current then
  return {-1}
end
return {0, current}
