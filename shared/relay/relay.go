// Package relay is the relay's state machine: once a conversation has
// grown a margin past the size it started at, the agent is asked to write
// a hand-over note, the conversation is cleared, and a fresh one resumes
// from the note. Every decision and every text lives here; the drivers
// (the plugin's module relay.js, which asks the si-relay binary at every
// turn end and prompt; the Stop hook's fallback; the headless
// `si relay run`) only carry them out.
//
// The phases are armed → writing → clearing → resumed → armed. The state
// is kept per project under a lock in the private state directory, so a
// reload or a crash picks up in the phase it was in, and a phase that
// lasts too long is called off back to armed with a message for the user.
package relay

import (
	"fmt"
	"path/filepath"
	"strings"
	"time"

	"github.com/session-intelligence/session-intelligence/shared/core/config"
	"github.com/session-intelligence/session-intelligence/shared/core/paths"
)

// Phase is where a project's relay stands.
type Phase string

// The phases, in order.
const (
	Armed    Phase = "armed"    // watching the size of each conversation
	Writing  Phase = "writing"  // the agent was asked for the hand-over note
	Clearing Phase = "clearing" // the note is written; the conversation is to be cleared
	Resumed  Phase = "resumed"  // cleared; the fresh conversation has not finished a turn yet
)

// Driver names who carries out a relay.
type Driver string

// The drivers.
const (
	Module   Driver = "module"   // the in-process plugin module
	StopHook Driver = "stop"     // the Stop hook fallback (the user types /clear)
	Headless Driver = "headless" // si relay run, between claude -p turns
)

// ResumeText is the prompt that starts the fresh conversation.
const ResumeText = "let's resume"

// Limits on what the state keeps, so the file stays small and fast;
// held prompts are kept apart (held.go).
const (
	maxHistory    = 50      // history entries kept
	maxConvs      = 32      // conversations remembered per project
	maxStateBytes = 4 << 20 // the state file itself
	writingTurns  = 2       // unmarked turn ends in writing without a note before it is called off
)

// Settings are the relay's configuration, resolved and validated.
type Settings struct {
	Enabled   bool
	Margin    int64
	StateFile string // as configured: relative to the project root, or absolute
	Format    string
	Timeout   time.Duration
}

// FromConfig resolves the relay keys; bad values fall back to defaults.
func FromConfig(c config.Relay) Settings {
	def := config.Default().Relay
	s := Settings{Enabled: c.Enabled, Margin: c.Margin, StateFile: c.StateFile, Format: c.Format,
		Timeout: time.Duration(c.PhaseTimeoutSec) * time.Second}
	if s.Margin <= 0 {
		s.Margin = def.Margin
	}
	if strings.TrimSpace(s.StateFile) == "" || strings.ContainsRune(s.StateFile, 0) {
		s.StateFile = def.StateFile
	}
	if s.Format == "" {
		s.Format = def.Format
	}
	if s.Timeout <= 0 {
		s.Timeout = time.Duration(def.PhaseTimeoutSec) * time.Second
	}
	return s
}

// NotePath is the hand-over note's path for a project root.
func (s Settings) NotePath(root string) string {
	if paths.Rooted(s.StateFile) {
		return filepath.Clean(s.StateFile)
	}
	return filepath.Join(root, s.StateFile)
}

// Conv is what the relay knows of one conversation (one session id).
type Conv struct {
	Base   int64     `json:"base"`   // context size at its first turn; 0 = not measured yet
	Tokens int64     `json:"tokens"` // context size at its latest turn
	Module bool      `json:"module"` // the module drives it (the Stop hook stands down)
	Seen   time.Time `json:"seen"`
}

// Threshold is the size at which the conversation relays.
func (c *Conv) Threshold(margin int64) int64 { return c.Base + margin }

// Entry is one line of the relay's history.
type Entry struct {
	At     time.Time `json:"at"`
	SID    string    `json:"sid,omitempty"`
	Event  string    `json:"event"`
	Tokens int64     `json:"tokens,omitempty"`
	Detail string    `json:"detail,omitempty"`
}

// State is one project's relay.
type State struct {
	Root        string           `json:"root"`
	Phase       Phase            `json:"phase"`
	Since       time.Time        `json:"since"`            // when the phase began
	Driver      Driver           `json:"driver,omitempty"` // who runs the current relay
	OwnerSID    string           `json:"ownerSid,omitempty"`
	From        string           `json:"from,omitempty"`        // the conversation that wrote the current relay's note
	OwnerWindow string           `json:"ownerWindow,omitempty"` // the Claude Code process (CLAUDE_PID) or driver
	Turns       int              `json:"turns,omitempty"`       // turn ends seen in the writing phase
	Crossed     int64            `json:"crossed,omitempty"`     // the size that started the current relay
	Held        []string         `json:"held,omitempty"`        // prompts held inline by an older version, sent again like Kept
	Kept        []string         `json:"kept,omitempty"`        // names of the held prompts in the Keeper, to send again after the resume
	Notice      string           `json:"notice,omitempty"`      // for the owner's next call: why a relay was called off
	Relays      int              `json:"relays"`                // relays completed
	Convs       map[string]*Conv `json:"convs,omitempty"`
	History     []Entry          `json:"history,omitempty"`
}

// newState is the state of a project never seen before.
func newState(root string) *State {
	return &State{Root: root, Phase: Armed, Convs: map[string]*Conv{}}
}

// log appends a history entry, keeping the newest maxHistory.
func (st *State) log(now time.Time, sid, event string, tokens int64, detail string, args ...any) {
	if len(args) > 0 {
		detail = fmt.Sprintf(detail, args...)
	}
	st.History = append(st.History, Entry{At: now, SID: short(sid), Event: event, Tokens: tokens, Detail: detail})
	if n := len(st.History) - maxHistory; n > 0 {
		st.History = append([]Entry(nil), st.History[n:]...)
	}
}

// holding reports whether prompts are held.
func (st *State) holding() bool { return len(st.Held)+len(st.Kept) > 0 }

// enter moves to phase p now.
func (st *State) enter(p Phase, now time.Time) {
	st.Phase, st.Since, st.Turns = p, now, 0
}

// short is the first 8 characters of a session id, as the status line shows it.
func short(sid string) string {
	if len(sid) > 8 {
		return sid[:8]
	}
	return sid
}
