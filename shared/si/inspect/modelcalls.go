package inspect

import (
	"time"

	"github.com/session-intelligence/session-intelligence/shared/ai/settings"
	"github.com/session-intelligence/session-intelligence/shared/ai/summarise"
	"github.com/session-intelligence/session-intelligence/shared/core/config"
	"github.com/session-intelligence/session-intelligence/shared/core/modelcall"
)

// gatherCalls reads the model-call ledger and the switches that make
// the calls, as seen from the working directory.
func gatherCalls(o Options, cfg config.Config) summarise.Calls {
	now := time.Now()
	if o.Now != nil {
		now = o.Now()
	}
	ai, _ := settings.Load(o.Dirs.Home, o.Cwd)
	return summarise.ReadCalls(modelcall.Path(o.Dirs), ai, cfg.TaskChange.SemanticFallback, cfg.TaskChange.HaikuModel, now)
}

// checkCalls is doctor's line about the model calls: informative, never
// a failure.
func (f Facts) checkCalls() Check {
	c := Check{Name: "model calls"}
	if f.Calls.Err != nil {
		c.Verdict, c.Detail = Warn, "the model-call ledger cannot be read: "+f.Calls.Err.Error()
		c.Fix = "remove it; the next call starts a new one"
		return c
	}
	c.Detail = f.Calls.Summary() + "; " + f.Calls.Switches()
	return c
}
