// Command ai-sync carries out `ai notes sync`: sharing the notes through
// a git remote.
package main

import (
	"os"

	"github.com/session-intelligence/session-intelligence/shared/ai/notes/full/cli"
	"github.com/session-intelligence/session-intelligence/shared/core/proc"
)

func main() {
	os.Exit(cli.Main(os.Args[1:], proc.OS()))
}
