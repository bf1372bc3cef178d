-- Force-release a hash lock of a custom profile: delete the hash only while the holder field
-- the operator saw is still in it.
-- KEYS[1]: lock hash. ARGV[1]: holder field.
-- Returns {1} released, {0, a current holder field} held by someone else, {-1} no such key.
if redis.call('HEXISTS', KEYS[1], ARGV[1]) == 1 then
  redis.call('DEL', KEYS[1])
  return {1}
end
if redis.call('EXISTS', KEYS[1]) == 0 then
  return {-1}
end
return {0, redis.call('HKEYS', KEYS[1])[1]}
