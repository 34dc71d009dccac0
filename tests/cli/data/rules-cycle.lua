start = 0
function moves(a)
  return {(a + 1) % 3}
end
