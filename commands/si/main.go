// Command si is the session-intelligence command line behind /si.
package main

import (
	"os"

	"github.com/session-intelligence/session-intelligence/shared/si/cli"
)

func main() {
	os.Exit(cli.Main(os.Args[1:], cli.OS()))
}
