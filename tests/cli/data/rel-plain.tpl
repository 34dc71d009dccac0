A template for subtraction games only.
[terminal]
${x}: end
[step]
${x}: ${sg}
