// Command ai is the `ai` command line: permanent memory for AI agents.
package main

import (
	"os"

	"github.com/session-intelligence/session-intelligence/docs"
	"github.com/session-intelligence/session-intelligence/shared/ai/cli"
)

func main() {
	env := cli.OS()
	env.Docs = docs.Pages()
	os.Exit(cli.Main(os.Args[1:], env))
}
