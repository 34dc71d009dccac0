function moves(n)
  if n > 0 then return {n - 1} end
  return {}
end
function label(n)
  if n == 15 then error("no name for 15") end
  return "p" .. n
end
