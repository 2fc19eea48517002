random-20x7: a picture drawn for the fuzz seeds of nonostudio
#d
  k:k  black
: rows
1 1 4 2
1 1 6 1
3 3 2 1 2
1 3 4 3 3
1 2 8 3 1
1 1 1 1 2
1 3 2 2 1 2
: columns
1 1 1 1
2
1 2
2 1
1 1 1
1 2
1 1
1 1 1
4 1
1 3
4 1
5 1
2 1
2 2
4 2
1 2
2
3
4 1
1 3 1
:
the end
