// Command si-statusline is session-intelligence's status line: Claude
// Code runs it on every redraw (settings.json statusLine), and it chains
// the user's previous status line after its own lines.
package main

import (
	"os"

	"github.com/session-intelligence/session-intelligence/shared/status/line"
)

func main() {
	os.Exit(line.Main(os.Args[1:], line.OS()))
}
