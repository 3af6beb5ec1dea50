// Command si-ail carries out `si ail`: AILv1 snapshots and their MCP server.
package main

import (
	"os"

	"github.com/session-intelligence/session-intelligence/shared/ail/cli"
	"github.com/session-intelligence/session-intelligence/shared/core/proc"
)

func main() {
	os.Exit(cli.Main(os.Args[1:], proc.OS()))
}
