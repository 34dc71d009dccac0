start = 1
function moves(a)
  while true do end
end
