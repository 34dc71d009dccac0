function moves(a)
  local pins
  return pins[a]
end
