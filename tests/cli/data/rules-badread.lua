function moves(a, b) return {} end
function read(line) return 7 end
