#!/usr/bin/env lua
-- Saved with a byte order mark, and a first line for the shell.
function moves(n)
  local t = {}
  for _, k in ipairs{1, 3, 4} do if n >= k then t[#t + 1] = n - k end end
  return t
end
x = nil + 1
