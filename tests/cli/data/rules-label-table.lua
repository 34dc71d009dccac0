function moves(n)
  if n > 0 then return {n - 1} end
  return {}
end
function label(n)
  if n == 2 then return {} end
  return "p" .. n
end
