# solutions: 0
