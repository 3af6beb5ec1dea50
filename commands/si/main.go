// Command si is the session-intelligence command line behind /si.
package main

import (
	"os"

	"github.com/session-intelligence/session-intelligence/shared/sicli"
)

func main() {
	os.Exit(sicli.Main(os.Args[1:], sicli.OSEnv()))
}
