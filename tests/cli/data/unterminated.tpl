[step]
${x} ${sg
[terminal]
end
