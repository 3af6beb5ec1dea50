// Package escalate is the rule by which a session's zone escalations
// reach the model, call by call: the PostToolUse hook applies it live
// and `si replay` applies it to a recorded session, so that what a
// replay reports is what the hook would have done.
package escalate

import (
	"github.com/session-intelligence/session-intelligence/shared/core/config"
	"github.com/session-intelligence/session-intelligence/shared/intel/zones"
)

// MinRefire is the least growth after which an advisory may fire again in
// the same zone, whatever compact.refireEveryTokens says: a smaller
// setting would repeat it every call or two.
const MinRefire = 5000

// Rule is the configuration's part of the decision.
type Rule struct {
	Autoblock   bool  // compact.autoblock: advisories reach the model at all
	Threshold   int   // compact.threshold: calls a session makes before any advisory
	RefireEvery int64 // compact.refireEveryTokens: growth that repeats a same-zone advisory; 0 never
}

// RuleOf reads the rule from the configuration.
func RuleOf(c config.Compact) Rule {
	return Rule{Autoblock: c.Autoblock, Threshold: c.Threshold, RefireEvery: c.RefireEveryTokens}
}

// State is what the caller keeps between calls: the zone last acted on
// and the context size then.
type State struct {
	Zone   zones.Zone
	Tokens int64
}

// Action is what one call leads to.
type Action int

// The actions.
const (
	Quiet  Action = iota // nothing changed
	Rearm                // the zone fell (a compaction): the next escalation fires again
	Log                  // entered yellow: logged, not sent
	Held                 // orange or red, but autoblock is off or the session is under the threshold
	Advise               // send the advisory
)

// Step applies the rule to a call made at tokens in zone z, the session's
// calls-th, and updates st. A zone below the last re-arms; entering
// yellow is logged only; entering orange or red is sent once the session
// has made Threshold calls (a call before that holds it back without
// moving the zone, so a later call sends it); a same-zone advisory is
// sent again, as a repeat, after RefireEvery of growth.
func Step(r Rule, st *State, z zones.Zone, tokens int64, calls int) (a Action, repeat bool) {
	last := st.Zone
	switch {
	case z < last:
		*st = State{Zone: z, Tokens: tokens}
		return Rearm, false
	case z == last && !r.refire(tokens-st.Tokens, z):
		return Quiet, false
	case z == zones.Yellow:
		*st = State{Zone: z, Tokens: tokens}
		return Log, false
	case !r.Autoblock || calls < r.Threshold:
		return Held, false
	}
	*st = State{Zone: z, Tokens: tokens}
	return Advise, z == last
}

// refire reports whether a same-zone advisory is due again.
func (r Rule) refire(grown int64, z zones.Zone) bool {
	return r.RefireEvery > 0 && z >= zones.Orange && grown >= max(r.RefireEvery, MinRefire)
}
