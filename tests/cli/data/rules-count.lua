start = {{2, 2}}
function moves(a, b)
  return {{a, b, 1}}
end
