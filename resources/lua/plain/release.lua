-- Release of a plain token lock (SET key token NX PX ttl), as the Redis docs' recipe and the
-- libraries built on it do it: delete the key only while it still holds the caller's token.
-- KEYS[1]: lock key. ARGV[1]: the token the caller holds (or the operator saw).
-- Returns {1} released, {0, current value} held by someone else now, {-1} no such key.
local current = redis.call('GET', KEYS[1])
if current == ARGV[1] then
  redis.call('DEL', KEYS[1])
  return {1}
elseif not current then
  return {-1}
end
return {0, current}
