dot: a picture drawn for the fuzz seeds of nonostudio
#d
  k:k  black
: rows
1
: columns
1
:
the end
