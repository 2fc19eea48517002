kite: a picture drawn for the fuzz seeds of nonostudio
#d
  k:k  black
: rows
1
3
5
3
1
1
1
: columns
1
3 1
6
3
1
:
the end
