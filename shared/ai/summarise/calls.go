package summarise

import (
	"fmt"
	"strings"
	"time"

	"github.com/session-intelligence/session-intelligence/shared/ai/settings"
	"github.com/session-intelligence/session-intelligence/shared/core/humanize"
	"github.com/session-intelligence/session-intelligence/shared/core/modelcall"
)

// Calls counts the model calls the plugin made by itself on the user's
// account (the ledger of package modelcall) over the last day and week,
// with what makes them where the user is and what turns them off; si
// doctor and ai status print it.
type Calls struct {
	Day, Week modelcall.Tally
	Err       error
	// AI is ai's settings as seen from the working directory.
	AI settings.Settings
	// TieBreaker is taskChange.semanticFallback, Haiku its model.
	TieBreaker bool
	Haiku      string
	now        time.Time
}

// ReadCalls reads the ledger at path as of now.
func ReadCalls(path string, ai settings.Settings, tieBreaker bool, haiku string, now time.Time) Calls {
	c := Calls{AI: ai, TieBreaker: tieBreaker, Haiku: haiku, now: now}
	c.Day, c.Err = modelcall.Count(path, now.Add(-24*time.Hour))
	c.Week, _ = modelcall.Count(path, now.Add(-7*24*time.Hour))
	return c
}

// Summary says how many calls the last day and week held, and by what.
func (c Calls) Summary() string {
	if c.Week.Total == 0 {
		return "none in the last 7 days"
	}
	var by []string
	for _, name := range c.Day.Callers() {
		by = append(by, fmt.Sprintf("%s %d", name, c.Day.By[name]))
	}
	s := fmt.Sprintf("%d in the last 24 hours", c.Day.Total)
	if len(by) > 0 {
		s += " (" + strings.Join(by, ", ") + ")"
	}
	return s + fmt.Sprintf(", %d in the last 7 days, the last %s ago", c.Week.Total, humanize.Span(c.now.Sub(c.Week.Last)))
}

// Switches says what makes the calls and what turns them off.
func (c Calls) Switches() string {
	s := fmt.Sprintf("ai's background summaries with claude -p --model %s: memory folds and notes topics %s ([summariser] background in ai.toml), agent threads after each turn %s ([chat] background)",
		c.AI.Summariser.Model, onOff(c.AI.Summariser.Background), onOff(c.AI.Chat.Background))
	return s + fmt.Sprintf("; the task-change tie-breaker (%s) %s (taskChange.semanticFallback)", c.Haiku, onOff(c.TieBreaker))
}

func onOff(on bool) string {
	if on {
		return "on"
	}
	return "off"
}
