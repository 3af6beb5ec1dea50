// Command si-ail carries out `si ail`: AILv1 snapshots and their MCP server.
package main

import (
	"os"

	"github.com/session-intelligence/session-intelligence/shared/ailcli"
	"github.com/session-intelligence/session-intelligence/shared/clienv"
)

func main() {
	os.Exit(ailcli.Main(os.Args[1:], clienv.OS()))
}
