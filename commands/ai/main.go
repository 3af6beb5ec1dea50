// Command ai is the `ai` command line: permanent memory for AI agents.
package main

import (
	"os"

	"github.com/session-intelligence/session-intelligence/shared/aicli"
)

func main() {
	os.Exit(aicli.Main(os.Args[1:], aicli.OSEnv()))
}
