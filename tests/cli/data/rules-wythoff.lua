-- Wythoff's game: take any number from one heap, or the same from both.
name = "Wythoff's game"
start = { {9, 9} }
function moves(a, b)
  local t = {}
  for k = 1, a do t[#t + 1] = {a - k, b} end
  for k = 1, b do t[#t + 1] = {a, b - k} end
  for k = 1, math.min(a, b) do t[#t + 1] = {a - k, b - k} end
  return t
end
