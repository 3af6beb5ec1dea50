// Command si-relay answers the plugin's relay module: at each turn end
// and prompt it reads one JSON request and says what to do (package
// relay). It is a binary of its own, apart from si, so that it starts in
// a millisecond or two.
package main

import (
	"os"
	"runtime/debug"

	"github.com/session-intelligence/session-intelligence/shared/core/proc"
	"github.com/session-intelligence/session-intelligence/shared/relay"
)

func main() {
	debug.SetGCPercent(-1) // lives for milliseconds on a capped request
	os.Exit(relay.Main(os.Args[1:], proc.OS()))
}
