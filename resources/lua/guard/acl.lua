-- Redis checks a script's commands against the user's ACL only as each one runs, and keeps
-- what was written before a refused one. So a script that writes more than once asks first
-- about every write it is going to make, and a refusal changes nothing. (Before Redis 7
-- there is no asking, and a user without a command fails where it is called.)
-- commands: a list of {COMMAND, key, args...} as they will be called.
local function lockscope_denied(commands)
  if not redis.acl_check_cmd then
    return nil
  end
  for _, command in ipairs(commands) do
    if not redis.acl_check_cmd(unpack(command)) then
      return redis.error_reply('NOPERM this user may not run ' .. string.lower(command[1]) .. ' on ' .. command[2]
                               .. ', which this action needs')
    end
  end
  return nil
end
