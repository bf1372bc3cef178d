-- Reads one key for the scanner, bounded whatever its size: one atomic look at its type,
-- PTTL, size and at most ARGV[1] elements, each cut to ARGV[2] bytes. A hash with 200k
-- fields, or a 10 MB member, costs about what a small lock does, and nothing is sent back
-- beyond the caps. Each redis.call costs about a microsecond of Lua on its own, and a scan
-- reads thousands of these keys: a small hash (Redisson's locks, the common case) takes four.
-- KEYS[1]: the key. ARGV[1]: most elements. ARGV[2]: most bytes per element.
-- Returns {type, pttl, size, cut, e1, v1, e2, v2, ...}: fields and values of a hash,
-- members and scores of a zset, members or items (with "") of a set or list; cut is 1 when
-- fewer elements than the key holds came back or one of them was cut to the byte cap.
local key = KEYS[1]
local most = tonumber(ARGV[1])
local bytes = tonumber(ARGV[2])
local pttl = redis.call('PTTL', key)
if pttl == -2 then
  return {'none', -2, 0, 0}
end
-- HLEN answers for a hash and refuses anything else: the type, found without asking TYPE.
local length = redis.pcall('HLEN', key)
local kind = 'hash'
if type(length) ~= 'number' then
  if not string.find(length['err'] or '', '^WRONGTYPE') then
    return redis.error_reply(length['err']) -- refused (an ACL): said as it is
  end
  kind = redis.call('TYPE', key)['ok']
end
local out = {kind, pttl, 0, 0}
local cut = 0

local function clip(s)
  if #s > bytes then
    cut = 1
    return string.sub(s, 1, bytes)
  end
  return s
end

local function pairs_of(list)
  for i = 1, #list, 2 do
    out[#out + 1] = clip(list[i])
    out[#out + 1] = clip(list[i + 1])
  end
end

-- A hash Redis keeps as a listpack (a ziplist before Redis 7) holds short values only
-- (hash-max-listpack-value, 64 bytes unless configured otherwise), so reading it whole copies
-- little. Another may hold values of megabytes: those are measured before they are read. Not
-- allowed to ask (an ACL without OBJECT), the careful way is taken.
local function compact(key)
  local encoding = redis.pcall('OBJECT', 'ENCODING', key)
  return encoding == 'listpack' or encoding == 'ziplist'
end

local function items_of(list)
  for i = 1, #list do
    out[#out + 1] = clip(list[i])
    out[#out + 1] = ''
  end
end

if kind == 'string' then
  out[3] = redis.call('STRLEN', key)
  out[5] = redis.call('GETRANGE', key, 0, bytes - 1)
  out[6] = ''
  if out[3] > bytes then cut = 1 end
elseif kind == 'hash' and length <= most and compact(key) then
  -- All of it, in the hash's own order. A value longer than the cap is not sent (lock hashes
  -- hold short counts): it comes back empty, and the read is marked cut.
  out[3] = length
  local all = redis.call('HGETALL', key)
  for i = 1, #all, 2 do
    out[#out + 1] = clip(all[i])
    if #all[i + 1] > bytes then
      cut = 1
      out[#out + 1] = ''
    else
      out[#out + 1] = all[i + 1]
    end
  end
elseif kind == 'hash' then
  out[3] = length
  -- All fields when they fit (HKEYS keeps their order), else the first the hash's own order
  -- gives (HSCAN from the start: the same part on every read of an unchanged hash, so a
  -- watch does not see holders come and go), always with the field saying what the hash is
  -- (a Redisson read-write lock's mode), so a lock with many readers is still recognised.
  local fields
  if length <= most then
    fields = redis.call('HKEYS', key)
  else
    fields = {}
    local cursor = '0'
    repeat
      local page = redis.call('HSCAN', key, cursor, 'COUNT', most)
      cursor = page[1]
      for i = 1, #page[2], 2 do
        if #fields < most then fields[#fields + 1] = page[2][i] end
      end
    until cursor == '0' or #fields >= most
  end
  if out[3] > most and redis.call('HEXISTS', key, 'mode') == 1 then
    local has = false
    for i = 1, #fields do
      if fields[i] == 'mode' then has = true end
    end
    if not has then fields[#fields] = 'mode' end
  end
  for i = 1, #fields do
    local f = fields[i]
    local length = redis.call('HSTRLEN', key, f)
    out[#out + 1] = clip(f)
    if length > bytes then
      cut = 1
      out[#out + 1] = ''
    else
      out[#out + 1] = redis.call('HGET', key, f) or ''
    end
  end
elseif kind == 'zset' then
  out[3] = redis.call('ZCARD', key)
  pairs_of(redis.call('ZRANGE', key, 0, most - 1, 'WITHSCORES'))
elseif kind == 'set' then
  out[3] = redis.call('SCARD', key)
  items_of(out[3] <= most and redis.call('SMEMBERS', key) or redis.call('SRANDMEMBER', key, most))
elseif kind == 'list' then
  out[3] = redis.call('LLEN', key)
  items_of(redis.call('LRANGE', key, 0, most - 1))
elseif kind == 'stream' then
  out[3] = redis.call('XLEN', key)
end
if kind ~= 'string' and out[3] > most then cut = 1 end
out[4] = cut
return out
