// Command si-refresh carries out `si refresh`: the status line's
// background git, quota and health refreshers.
package main

import (
	"os"

	"github.com/session-intelligence/session-intelligence/shared/clienv"
	"github.com/session-intelligence/session-intelligence/shared/refreshcli"
)

func main() {
	os.Exit(refreshcli.Main(os.Args[1:], clienv.OS()))
}
