// Command ai-sync carries out `ai notes sync`: sharing the notes through
// a git remote.
package main

import (
	"os"

	"github.com/session-intelligence/session-intelligence/shared/clienv"
	"github.com/session-intelligence/session-intelligence/shared/notesynccli"
)

func main() {
	os.Exit(notesynccli.Main(os.Args[1:], clienv.OS()))
}
