# solutions: 1
1 4 2 3
3 2 4 1
2 3 1 4
4 1 3 2
