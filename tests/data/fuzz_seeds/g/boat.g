boat: a picture drawn for the fuzz seeds of nonostudio
#d
  k:k  black
: rows
1
2
3
4
1
8
6
0
: columns
1
1 2
2 2
3 2
7
2
2
1
:
the end
