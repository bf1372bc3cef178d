-- LockScope's guard, put at the top of every admin script (see app/luascripts.h): is the lock
-- still exactly what the operator saw? The fingerprint is LockFingerprint::serialise():
--   "lsfp1:<type>:<whole|holder>:<n>;" then n entries "<length>:<name><length>:<value>"
-- <type> as TYPE names it ("none": the key must be absent). A string has one entry with an
-- empty name; set and zset members have empty values (zset scores are deadlines that the
-- holders' own renewals move, like a TTL). "whole": the key holds exactly these entries.
-- "holder": these entries are still there as they were; others may have come or gone.
-- lockscope_guard() answers nil when the key is as seen, or else the refusal every admin
-- script returns as it is: {0, type, size, name, value, ...}, what the key holds now (a zset
-- member's value is its score; entries left out beyond lockscope_shown), so LockScope can
-- say what changed.

local lockscope_shown = 64

local function lockscope_parse(fingerprint)
  local kind, scope, n, pos = string.match(fingerprint, '^lsfp1:(%l+):(%l+):(%d+);()')
  if not kind then
    return nil
  end
  local entries = {}
  for _ = 1, tonumber(n) do
    local parts = {}
    for j = 1, 2 do
      local length, at = string.match(fingerprint, '^(%d+):()', pos)
      if not length then
        return nil
      end
      parts[j] = string.sub(fingerprint, at, at + tonumber(length) - 1)
      pos = at + tonumber(length)
    end
    entries[parts[1]] = parts[2]
  end
  return {kind = kind, scope = scope, n = tonumber(n), entries = entries}
end

local function lockscope_size(key, kind)
  if kind == 'string' then
    return 1
  elseif kind == 'hash' then
    return redis.call('HLEN', key)
  elseif kind == 'zset' then
    return redis.call('ZCARD', key)
  elseif kind == 'set' then
    return redis.call('SCARD', key)
  end
  return 0
end

-- What the key holds now, for the refusal.
local function lockscope_state(key, kind)
  if kind == 'none' then
    return {0, kind, 0}
  end
  if kind == 'string' then
    local length = redis.call('STRLEN', key)
    if length > 4096 then
      return {0, kind, length}
    end
    return {0, kind, length, '', redis.call('GET', key)}
  end
  local size = lockscope_size(key, kind)
  local out = {0, kind, size}
  if size > lockscope_shown then
    return out
  end
  if kind == 'hash' then
    local all = redis.call('HGETALL', key)
    for i = 1, #all do
      out[#out + 1] = all[i]
    end
  elseif kind == 'zset' then
    -- With the scores, though the guard ignores them: LockScope decodes holders from them.
    local all = redis.call('ZRANGE', key, 0, -1, 'WITHSCORES')
    for i = 1, #all do
      out[#out + 1] = all[i]
    end
  elseif kind == 'set' then
    for _, m in ipairs(redis.call('SMEMBERS', key)) do
      out[#out + 1] = m
      out[#out + 1] = ''
    end
  end
  return out
end

local function lockscope_guard(key, fingerprint)
  local seen = lockscope_parse(fingerprint)
  if not seen then
    return redis.error_reply('ERR LockScope: malformed lock fingerprint')
  end
  local kind = redis.call('TYPE', key)['ok']
  if kind ~= seen.kind then
    return lockscope_state(key, kind)
  end
  if kind == 'none' then
    return nil
  end
  if seen.scope == 'whole' and lockscope_size(key, kind) ~= seen.n then
    return lockscope_state(key, kind)
  end
  for name, value in pairs(seen.entries) do
    local now
    if kind == 'string' then
      now = redis.call('GET', key)
    elseif kind == 'hash' then
      now = redis.call('HGET', key, name)
    elseif kind == 'zset' then
      now = redis.call('ZSCORE', key, name) and ''
    elseif kind == 'set' then
      now = redis.call('SISMEMBER', key, name) == 1 and ''
    end
    if now ~= value then
      return lockscope_state(key, kind)
    end
  end
  return nil
end
