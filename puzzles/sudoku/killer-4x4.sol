# solutions: 1
1 2 3 4
4 3 2 1
3 1 4 2
2 4 1 3
