-- moves() that changes after 30 calls: a fault sgviz must name.
local calls = 0
function moves(a, b)
  calls = calls + 1
  if calls > 30 then return {{a + 1000, b}} end
  if a > 0 then return {{a - 1, b}} end
  return {}
end
