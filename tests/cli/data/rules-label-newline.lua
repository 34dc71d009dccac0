function moves(n)
  if n > 0 then return {n - 1} end
  return {}
end
function label(n)
  return "line\nbreak" .. n
end
