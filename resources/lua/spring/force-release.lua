-- Release a Spring Integration RedisLockRegistry lock as its unlock does, guarded by the
-- registry's client id the operator saw: UNLINK the key, then publish the key's name on the
-- registry's channel, which registries in PUB_SUB_LOCK mode listen to (nobody does in the
-- default spin mode, where the message is simply dropped).
-- KEYS[1]: <registryKey>:<lockKey>. KEYS[2]: <registryKey>-channel:<registryKey>:<lockKey>.
-- ARGV[1]: client id.
-- Returns {1} released, {0, current id} held by someone else, {-1} no such key.
local current = redis.call('GET', KEYS[1])
if current == ARGV[1] then
  redis.call('UNLINK', KEYS[1])
  redis.call('PUBLISH', KEYS[2], KEYS[1])
  return {1}
elseif not current then
  return {-1}
end
return {0, current}
