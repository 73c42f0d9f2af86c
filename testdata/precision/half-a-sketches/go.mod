module example.com/sketches

go 1.22
