# solutions: 1
3 1 2 4
2 4 3 1
1 2 4 3
4 3 1 2
