// Command si-refresh carries out `si refresh`: the status line's
// background git, quota and health refreshers.
package main

import (
	"os"

	"github.com/session-intelligence/session-intelligence/shared/core/proc"
	"github.com/session-intelligence/session-intelligence/shared/status/refresh/full"
)

func main() {
	os.Exit(full.Main(os.Args[1:], proc.OS()))
}
