-- Waking waiters is the last step of a release, and cannot be undone together with what came
-- before it: a server that refuses the PUBLISH (an ACL user without the channel) must not
-- turn a release that happened into an error saying nothing changed. So it runs in protected
-- mode, and a refusal comes back with the result, for the operator to be told.
-- Redisson on a cluster subscribes its waiters with SSUBSCRIBE (sharded pub/sub, Redis 7),
-- and they hear only SPUBLISH: sent too where anyone listens that way. A server without
-- sharded pub/sub (Redis 6), or a user not allowed to ask, has nobody to wake there that
-- could be told of.
local lockscope_unwoken = nil
local function lockscope_wake(channel, message)
  local reply = redis.pcall('PUBLISH', channel, message)
  if type(reply) == 'table' and reply.err then
    lockscope_unwoken = {'unwoken', channel, reply.err}
  end
  local sharded = redis.pcall('PUBSUB', 'SHARDNUMSUB', channel)
  if type(sharded) ~= 'table' or sharded.err or (tonumber(sharded[2]) or 0) == 0 then
    return
  end
  reply = redis.pcall('SPUBLISH', channel, message)
  if type(reply) == 'table' and reply.err then
    lockscope_unwoken = {'unwoken', channel, reply.err}
  end
end
-- The script's result, with {"unwoken", channel, why} last when a wake-up was refused.
local function lockscope_done(result)
  if lockscope_unwoken then
    table.insert(result, lockscope_unwoken)
  end
  return result
end
