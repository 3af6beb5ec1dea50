// Command si-post-tool-batch is the PostToolBatch hook of
// session-intelligence; package event/posttoolbatch composes what it runs.
package main

import (
	"os"

	"github.com/session-intelligence/session-intelligence/shared/cc/hookio"
	"github.com/session-intelligence/session-intelligence/shared/event/posttoolbatch"
)

func main() {
	os.Exit(hookio.Run(hookio.PostToolBatch, posttoolbatch.Handle))
}
