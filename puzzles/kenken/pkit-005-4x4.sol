# solutions: 1
2 3 1 4
3 1 4 2
1 4 2 3
4 2 3 1
