-- Waking waiters is the last step of a release, and cannot be undone together with what came
-- before it: a server that refuses the PUBLISH (an ACL user without the channel) must not
-- turn a release that happened into an error saying nothing changed. So it runs in protected
-- mode, and a refusal comes back with the result, for the operator to be told.
-- Redisson on a cluster subscribes its waiters with SSUBSCRIBE (sharded pub/sub, Redis 7),
-- and they hear only SPUBLISH: sent too on a cluster, or where that cannot be told (INFO
-- refused). A server without sharded pub/sub (Redis 6) has nobody listening that way.
local lockscope_unwoken = nil
local function lockscope_sharded()
  local info = redis.pcall('INFO', 'cluster')
  if type(info) == 'string' then
    return string.find(info, 'cluster_enabled:1', 1, true) ~= nil
  end
  return true
end
local function lockscope_wake(channel, message)
  local reply = redis.pcall('PUBLISH', channel, message)
  if type(reply) == 'table' and reply.err then
    lockscope_unwoken = {'unwoken', channel, reply.err}
  end
  if not lockscope_sharded() then
    return
  end
  reply = redis.pcall('SPUBLISH', channel, message)
  if type(reply) == 'table' and reply.err and not string.find(string.lower(reply.err), 'unknown command', 1, true) then
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
