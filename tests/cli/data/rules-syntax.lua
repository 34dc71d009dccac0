function moves(a)
  return {a - 1
end
