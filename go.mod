module github.com/session-intelligence/session-intelligence

go 1.26.0

require (
	github.com/alecthomas/kong v1.17.0
	github.com/goccy/go-json v0.12.0
	github.com/gofrs/flock v0.13.2
	github.com/rogpeppe/go-internal v1.16.0
)

require (
	golang.org/x/sys v0.49.0 // indirect
	golang.org/x/tools v0.26.0 // indirect
)
