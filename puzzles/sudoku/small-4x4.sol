# solutions: 1
3 4 2 1
1 2 4 3
4 1 3 2
2 3 1 4
