-- A fair lock's waiter that stopped retrying leaves its entry behind. Redisson's scripts drop
-- such entries from the head of the queue before anything else (a head whose timeout score is
-- at or below now), so the next live waiter is first; LockScope's do the same, by the server's
-- clock. Reads before it writes: a queue or timeout set of another type fails before any change.
-- A head without a score is left alone (Redisson's script would fail on it).
local lockscope_dropped = 0
local function lockscope_drop_stale_waiters(queue, timeouts)
  local t = redis.call('TIME')
  local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
  while true do
    local head = redis.call('LINDEX', queue, 0)
    if not head then
      return
    end
    local deadline = tonumber(redis.call('ZSCORE', timeouts, head))
    if not deadline or deadline > now then
      return
    end
    redis.call('ZREM', timeouts, head)
    redis.call('LPOP', queue)
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
