-- LockScope: read what recognising a lock needs, for a batch of keys in one round trip.
-- Read-only. KEYS: the keys. ARGV[1]: byte cap for values; ARGV[2]: element cap for collections.
-- Per key: {type} for a key that is gone, else {type, pttl, size, view, truncated}, where view
-- is the capped value (string) or a flat list (hash field/value, zset member/score, items).
local cap = tonumber(ARGV[1])
local ecap = tonumber(ARGV[2])
local out = {}

local function clip(list)
  local cut = 0
  for i = 1, #list do
    if #list[i] > cap then
      list[i] = string.sub(list[i], 1, cap)
      cut = 1
    end
  end
  return list, cut
end

for i, key in ipairs(KEYS) do
  local t = redis.call('TYPE', key)['ok']
  if t == 'none' then
    out[i] = {t}
  else
    local pttl = redis.call('PTTL', key)
    local size, view, cut = 0, {}, 0
    if t == 'string' then
      size = redis.call('STRLEN', key)
      view = {redis.call('GETRANGE', key, 0, cap - 1)}
      if size > cap then cut = 1 end
    else
      if t == 'hash' then
        size = redis.call('HLEN', key)
        if size <= ecap then view = redis.call('HGETALL', key)
        else view = redis.call('HSCAN', key, 0, 'COUNT', ecap)[2] end
      elseif t == 'zset' then
        size = redis.call('ZCARD', key)
        view = redis.call('ZRANGE', key, 0, ecap - 1, 'WITHSCORES')
      elseif t == 'list' then
        size = redis.call('LLEN', key)
        view = redis.call('LRANGE', key, 0, ecap - 1)
      elseif t == 'set' then
        size = redis.call('SCARD', key)
        view = redis.call('SSCAN', key, 0, 'COUNT', ecap)[2]
      elseif t == 'stream' then
        size = redis.call('XLEN', key)
      end
      view, cut = clip(view)
      if size > ecap then cut = 1 end
    end
    out[i] = {t, pttl, size, view, cut}
  end
end
return out
