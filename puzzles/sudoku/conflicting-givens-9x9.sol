# error: 4: row 3 has 5 twice: r3c2, r3c7
