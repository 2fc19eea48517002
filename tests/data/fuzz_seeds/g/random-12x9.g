random-12x9: a picture drawn for the fuzz seeds of nonostudio
#d
  k:k  black
: rows
3 1 1
1 1 2 5
1 1 1 1
1 4 1
2 2 3
1 2 1 3
4 1 2
3 4
2 1 2 2
: columns
4 3
1 5
3 1 2
1 2
1 3 1
1 2 2
1 2 1 2
1 1 2
1 2 1
2 2
1 1 2 1
2 1 1
:
the end
