stripes: a picture drawn for the fuzz seeds of nonostudio
#d
  k:k  black
: rows
1 1 1 1 1 1
0
12
: columns
1 1
1
1 1
1
1 1
1
1 1
1
1 1
1
1 1
1
:
the end
