[step]
ÿş
[terminal]
x
