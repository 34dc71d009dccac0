function moves(n)
  if n == 0 then return {} end
  return setmetatable({}, {__index = function(t, k) if k == 1 then return n - 1 end end, __len = function() return 1 end})
end
