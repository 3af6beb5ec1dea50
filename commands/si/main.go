// Command si is the session-intelligence command line behind /si.
package main

import (
	"os"

	"github.com/session-intelligence/session-intelligence/docs"
	"github.com/session-intelligence/session-intelligence/shared/si/cli"
)

func main() {
	env := cli.OS()
	env.Docs = docs.Pages()
	os.Exit(cli.Main(os.Args[1:], env))
}
