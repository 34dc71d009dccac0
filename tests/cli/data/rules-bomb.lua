start = 1
function moves(a)
  local s = "x"
  while true do s = s .. s end
end
