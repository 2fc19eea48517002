random-15x15: a picture drawn for the fuzz seeds of nonostudio
#d
  k:k  black
: rows
1 1 1 1 1 2
1 1 3 1 1
1 1 1 2 2
1 1 1 1
1 1 6
2 6
1 3 3
1 2 2
1 5 3
1 2 2 1
3 1 5
1 2 1 6
1 2 3 1 2
4 1 6
1 1 1 1 1 1
: columns
3 1 5
1 2 1
4 1 1 1 1
1 1 1 3
1 1 1 1 2 1
2 1 1 1
2 2 1 3
1 2 1 1 1
1 1 1 4
1 3 1 2 1
1 1 3 1 5
1 4 3 1
1 1 8
1 1 1 1 4
4 2 1
:
the end
