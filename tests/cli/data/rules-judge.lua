-- Wythoff's game as a judge gives it: each line is "a b", two heaps.
name = "Wythoff's game"
function moves(a, b)
  local t = {}
  for k = 1, a do t[#t + 1] = {a - k, b} end
  for k = 1, b do t[#t + 1] = {a, b - k} end
  for k = 1, math.min(a, b) do t[#t + 1] = {a - k, b - k} end
  return t
end
function read(line)
  local a, b = line:match("^%s*(%d+)%s+(%d+)%s*$")
  if not a then error("not two heaps: " .. line) end
  return {tonumber(a), tonumber(b)}
end
