gate: a picture drawn for the fuzz seeds of nonostudio
#d
  k:k  black
: rows
10
1 1
1 2 2 1
1 2 2 1
0
1 1 1 1 1
: columns
4 1
1
1 2 1
1 2
1 1
1
1 2 1
1 2
1 1
4
:
the end
