-- #include guard/fingerprint
-- #include guard/wake
-- Release a Spring Integration RedisLockRegistry lock as its unlock does, guarded by what the
-- operator saw: UNLINK the key, then publish the key's name on the registry's channel, which
-- registries in PUB_SUB_LOCK mode listen to (nobody does in the default spin mode, where the
-- message is simply dropped). The channel is an argument, not a key: it is no key, and on a
-- cluster it would name another hash slot than the lock.
-- KEYS[1]: <registryKey>:<lockKey>. ARGV[1]: fingerprint.
-- ARGV[2]: channel <registryKey>-channel:<registryKey>:<lockKey>.
-- Returns {1} released (then {"unwoken", channel, why} if a wake-up was refused), or the guard's
-- refusal {0, type, size, entries...}.
local refused = lockscope_guard(KEYS[1], ARGV[1])
if refused then
  return refused
end
redis.call('UNLINK', KEYS[1])
lockscope_wake(ARGV[2], KEYS[1])
return lockscope_done({1})
