-- A fair lock's waiter that stopped retrying leaves its entry behind. Redisson's scripts drop
-- such entries from the head of the queue before anything else (a head whose timeout score is
-- at or below now), so the next live waiter is first; LockScope's do the same, by the
-- server's clock. Counted first (reads only: a queue or timeout set of another type fails
-- before any change), dropped once the script knows it may write.
-- A head without a score is left alone (Redisson's script would fail on it).
local lockscope_dropped = 0

-- How many waiters at the head of the queue are stale.
local function lockscope_stale_waiters(queue, timeouts)
  local t = redis.call('TIME')
  local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
  local counted = {}
  local stale = 0
  while true do
    local head = redis.call('LINDEX', queue, stale)
    -- A waiter listed twice has no score left once its first entry is dropped.
    if not head or counted[head] then
      return stale
    end
    local deadline = tonumber(redis.call('ZSCORE', timeouts, head))
    if not deadline or deadline > now then
      return stale
    end
    counted[head] = true
    stale = stale + 1
  end
end

-- The writes that dropping them makes, for lockscope_denied().
local function lockscope_drop_writes(queue, timeouts, stale, writes)
  if stale > 0 then
    table.insert(writes, {'LPOP', queue})
    table.insert(writes, {'ZREM', timeouts, 'waiter'})
  end
  return writes
end

local function lockscope_drop_stale_waiters(queue, timeouts, stale)
  for _ = 1, stale do
    redis.call('ZREM', timeouts, redis.call('LPOP', queue))
    lockscope_dropped = lockscope_dropped + 1
  end
end

-- The script's result, with {"dropped", count} after it when stale waiters were dropped: the
-- operator is told of every change, even one Redisson's own clients would have made.
local function lockscope_with_dropped(result)
  if lockscope_dropped > 0 then
    table.insert(result, {'dropped', lockscope_dropped})
  end
  return result
end
