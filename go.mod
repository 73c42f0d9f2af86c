module github.com/retrylint/retrylint

go 1.26.0

require (
	github.com/fatih/color v1.19.0
	github.com/golangci/plugin-module-register v0.1.2
	github.com/mattn/go-isatty v0.0.20
	golang.org/x/tools v0.52.0
	gopkg.in/yaml.v3 v3.0.1
)

require (
	github.com/mattn/go-colorable v0.1.14 // indirect
	golang.org/x/mod v0.42.0 // indirect
	golang.org/x/sync v0.24.0 // indirect
	golang.org/x/sys v0.49.0 // indirect
)
