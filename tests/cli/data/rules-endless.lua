start = 0
function moves(a)
  return {a + 1}
end
