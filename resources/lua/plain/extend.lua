-- Extend a plain token lock: set a new TTL only while the key still holds the caller's token.
-- KEYS[1]: lock key. ARGV[1]: token. ARGV[2]: new TTL in milliseconds.
-- Returns {1} extended, {0, current value} held by someone else now, {-1} no such key.
local current = redis.call('GET', KEYS[1])
if current == ARGV[1] then
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
  return {1}
elseif not current then
  return {-1}
end
return {0, current}
