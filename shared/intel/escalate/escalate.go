// Package escalate is the rule by which a session's zone escalations
// reach the model, call by call: the PostToolUse and UserPromptSubmit
// hooks apply it live and `si replay` applies it to a recorded session,
// so that what a replay reports is what the hooks would have done.
package escalate

import (
	"github.com/session-intelligence/session-intelligence/shared/core/config"
	"github.com/session-intelligence/session-intelligence/shared/intel/zones"
)

// MinRefire is the least growth after which an advisory may fire again in
// the same zone, whatever compact.refireEveryTokens says: a smaller
// setting would repeat it every call or two.
const MinRefire = 5000

// MaxPerCompaction is how many advisories reach the model between two
// compactions: the orange one and the red one. More is nuisance, not
// warning.
const MaxPerCompaction = 2

// Rule is the configuration's part of the decision.
type Rule struct {
	Autoblock   bool  // compact.autoblock: advisories reach the model at all
	Threshold   int   // compact.threshold: calls a session makes before an advisory far from the compaction point
	RefireEvery int64 // compact.refireEveryTokens: growth that repeats a same-zone advisory; 0 never
}

// RuleOf reads the rule from the configuration.
func RuleOf(c config.Compact) Rule {
	return Rule{Autoblock: c.Autoblock, Threshold: c.Threshold, RefireEvery: c.RefireEveryTokens}
}

// State is what the caller keeps between calls: the highest zone acted
// on since the last compaction, the context size then, and the
// advisories sent since that compaction.
type State struct {
	Zone        zones.Zone `json:"zone"`
	Tokens      int64      `json:"tokens"`
	Sent        int        `json:"sent"`        // advisories since the compaction counted in Compactions
	Compactions int        `json:"compactions"` // compactions the transcript showed then
}

// Call is what the caller knows at one call.
type Call struct {
	Zone   zones.Zone // the zone of Tokens
	Tokens int64      // the context size, with what this call adds to it
	Calls  int        // the session's calls so far, this one included
	Near   bool       // auto-compaction is within reach (zones.Set.Near)
	// Compactions counts the compactions the transcript shows so far; < 0
	// when it could not be read (nothing is re-armed then).
	Compactions int
}

// Action is what one call leads to.
type Action int

// The actions.
const (
	Quiet  Action = iota // nothing changed
	Rearm                // a compaction: the next escalation fires again
	Log                  // entered yellow: logged, not sent
	Held                 // orange or red, but autoblock is off, or the session is under the threshold far from the point
	Capped               // orange or red, but MaxPerCompaction advisories were sent since the last compaction
	Advise               // send the advisory
)

// Step applies the rule to one call and updates st. A compaction
// re-arms; a zone at or below the highest one since is quiet (a context
// that dips and climbs back, or a call judged ahead of the transcript
// and then a response a little smaller, is no new escalation); entering
// yellow is logged only; entering orange or red is sent, unless the
// session has made fewer than Threshold calls while auto-compaction is
// still out of reach (the call holds it back without moving the zone, so
// a later one sends it), or MaxPerCompaction were already sent since the
// compaction; a same-zone advisory is sent again, as a repeat, after
// RefireEvery of growth, when that leaves room for the red one.
func Step(r Rule, st *State, c Call) (a Action, repeat bool) {
	if c.Compactions >= 0 && c.Compactions != st.Compactions {
		*st = State{Compactions: c.Compactions}
		if c.Zone == zones.Green {
			return Rearm, false
		}
	}
	last := st.Zone
	switch {
	case c.Zone < last || c.Zone == last && !r.refire(c.Tokens-st.Tokens, c.Zone):
		return Quiet, false
	case c.Zone == zones.Yellow:
		st.Zone, st.Tokens = c.Zone, c.Tokens
		return Log, false
	case !r.Autoblock || c.Calls < r.Threshold && !c.Near:
		return Held, false
	case !st.room(c.Zone, c.Zone == last):
		st.Zone, st.Tokens = c.Zone, c.Tokens
		return Capped, false
	}
	st.Zone, st.Tokens = c.Zone, c.Tokens
	st.Sent++
	return Advise, c.Zone == last
}

// room reports whether one more advisory may be sent since the last
// compaction. A repeat in orange may not take the place of the red
// advisory still to come.
func (st *State) room(z zones.Zone, repeat bool) bool {
	left := MaxPerCompaction - st.Sent
	if repeat && z < zones.Red {
		left--
	}
	return left > 0
}

// refire reports whether a same-zone advisory is due again.
func (r Rule) refire(grown int64, z zones.Zone) bool {
	return r.RefireEvery > 0 && z >= zones.Orange && grown >= max(r.RefireEvery, MinRefire)
}
