package relay

import (
	"fmt"
	"sort"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/session-intelligence/session-intelligence/shared/core/humanize"
)

// Event is what a driver reports.
type Event string

// The events.
const (
	TurnEnd   Event = "turn"    // a main-conversation turn ended, with its context size
	Prompt    Event = "prompt"  // the person submitted a prompt
	Cleared   Event = "cleared" // the driver ran /clear; SID is the fresh conversation's
	StartedUp Event = "start"   // SessionStart; Source says why
)

// Call is one event with everything the machine needs to decide.
type Call struct {
	Event  Event
	SID    string
	Window string // the Claude Code process (or headless driver) it comes from
	Driver Driver
	Tokens int64  // TurnEnd: the context size after the turn
	Text   string // Prompt: the text as typed
	Source string // StartedUp: startup, resume, clear, compact
	// Continuing marks a turn end that another block already continues
	// (Stop's stop_hook_active): no relay starts there, and while the
	// note is awaited it is the end of the hand-over.
	Continuing bool
	// Handover marks the end of the hand-over turn itself (the module
	// saw it start with the request; the headless driver ran it).
	Handover bool
}

// Action is what the driver is to do.
type Action string

// The actions.
const (
	None     Action = "none"
	Handover Action = "handover" // submit Text (the hand-over request)
	Clear    Action = "clear"    // run /clear, then report Cleared
	Resume   Action = "resume"   // submit Text (ResumeText) as the user
	Hold     Action = "hold"     // drop the prompt; it was kept for later
	Resend   Action = "resend"   // submit Prompts as the user, in order
	Inject   Action = "inject"   // SessionStart: inject the note
)

// Answer is the machine's decision.
type Answer struct {
	Action  Action   `json:"action"`
	Text    string   `json:"text,omitempty"`
	Prompts []string `json:"prompts,omitempty"`
	Notice  string   `json:"notice,omitempty"` // a line for the user, not the model
	Quiet   *Quiet   `json:"quiet,omitempty"`  // the module may skip calls while this holds
	// From names, with Inject, the conversation that wrote the note, whose
	// user's words the fresh conversation carries on.
	From string `json:"from,omitempty"`
}

// Quiet tells the module that, for ForMs milliseconds, calls of this
// session below Below tokens would answer "none": it skips them, so most
// turns start no process at all. Any other answer ends the hint.
type Quiet struct {
	Below int64 `json:"below"`
	ForMs int64 `json:"forMs"`
}

// Machine applies calls to one project's state. It does no I/O: the note
// check and the liveness check are injected.
type Machine struct {
	St       *State
	Set      Settings
	Note     string                     // the note's path
	Now      time.Time                  //
	Written  func(since time.Time) bool // the note was written at or after since
	Alive    func(window string) bool   // the process named by window still runs
	Handover func(tokens, base int64) string
	Held     Keeper // where held prompts are kept; nil holds none
}

// keeper is m.Held, or one that holds nothing.
func (m *Machine) keeper() Keeper {
	if m.Held == nil {
		return noKeeper{}
	}
	return m.Held
}

// release takes every held prompt out of the state and its keeper, in
// the order they were held; problem says what could not be read back.
func (m *Machine) release() (prompts []string, problem string) {
	st := m.St
	kept, err := m.keeper().Take(st.Kept)
	prompts = append(st.Held, kept...)
	st.Held, st.Kept = nil, nil
	if err != nil {
		st.log(m.Now, st.OwnerSID, "lost", 0, "%v", err)
		problem = "Relay: " + err.Error() + "."
	}
	return prompts, problem
}

// Apply decides one call and updates the state.
func (m *Machine) Apply(c Call) Answer {
	var a Answer
	m.heal(c)
	if c.Event == StartedUp && m.adopt(c) {
		return Answer{Action: Inject, From: m.St.From}
	}
	m.expire(c)
	if st := m.St; st.Phase != Armed && c.SID == st.OwnerSID && c.Window != "" {
		st.OwnerWindow = c.Window // the conversation goes on in another process
	}
	switch c.Event {
	case TurnEnd:
		a = m.turn(c)
	case Prompt:
		a = m.prompt(c)
	case Cleared:
		a = m.cleared(c)
	case StartedUp:
		a = m.started(c)
	}
	if a.Action == Inject {
		a.From = m.St.From
	}
	m.deliver(c, &a)
	m.prune()
	return a
}

// Disabled answers a call while relay.enabled is off: nothing starts, and
// a relay under way is called off so that held prompts still go out.
func (m *Machine) Disabled(c Call) Answer {
	a := Answer{Action: None}
	if c.Event == StartedUp {
		return a
	}
	if m.St.Phase != Armed {
		m.callOff("relay.enabled was turned off", c)
	}
	m.deliver(c, &a)
	return a
}

// owns reports whether the call comes from the relaying conversation or
// from the window running it. The conversation wins: with claude -p each
// turn of one conversation is another process.
func (m *Machine) owns(c Call) bool {
	st := m.St
	if c.SID != "" && c.SID == st.OwnerSID {
		return true
	}
	return st.OwnerWindow != "" && c.Window == st.OwnerWindow
}

// conv returns the call's conversation, creating it.
func (m *Machine) conv(sid string) *Conv {
	cv := m.St.Convs[sid]
	if cv == nil {
		cv = &Conv{}
		if m.St.Convs == nil {
			m.St.Convs = map[string]*Conv{}
		}
		m.St.Convs[sid] = cv
	}
	cv.Seen = m.Now
	return cv
}

// turn handles the end of a main-conversation turn.
func (m *Machine) turn(c Call) Answer {
	st, cv := m.St, m.conv(c.SID)
	if c.Tokens > 0 {
		cv.Tokens = c.Tokens
	}
	if c.Driver == Module {
		cv.Module = true
	}
	if cv.Base == 0 {
		cv.Base = c.Tokens // the first turn measures where this conversation starts
		if st.Phase == Resumed && c.SID == st.OwnerSID {
			return m.finish(c)
		}
		return Answer{Action: None}
	}
	mine := m.owns(c) && c.SID == st.OwnerSID
	switch {
	case st.Phase == Armed && !c.Continuing && c.Tokens > 0 && c.Tokens >= cv.Threshold(m.Set.Margin):
		st.enter(Writing, m.Now)
		st.Driver, st.OwnerSID, st.OwnerWindow, st.Crossed = c.Driver, c.SID, c.Window, c.Tokens
		st.From = c.SID
		st.log(m.Now, c.SID, "handover", c.Tokens, "asked for the note (started at %d, threshold %d)", cv.Base, cv.Threshold(m.Set.Margin))
		return Answer{Action: Handover, Text: m.Handover(c.Tokens, cv.Base),
			Notice: fmt.Sprintf("Relay: the conversation is at %s tokens (it started at %s); the agent is writing its hand-over note to %s before a fresh start.", humanize.Tokens(c.Tokens), humanize.Tokens(cv.Base), m.Note)}
	case st.Phase == Writing && mine:
		return m.writing(c, cv)
	case st.Phase == Clearing && mine:
		if c.Driver == StopHook {
			return Answer{Action: None, Notice: m.clearNotice()}
		}
		return Answer{Action: Clear}
	}
	return Answer{Action: None}
}

// writing handles a turn end while the note is awaited.
func (m *Machine) writing(c Call, cv *Conv) Answer {
	st := m.St
	st.Turns++
	if m.Written(st.Since) {
		st.enter(Clearing, m.Now)
		st.log(m.Now, c.SID, "note", c.Tokens, "note written to %s", m.Note)
		if c.Driver == StopHook {
			return Answer{Action: None, Notice: m.clearNotice()}
		}
		return Answer{Action: Clear}
	}
	if !c.Handover && !c.Continuing && st.Turns < writingTurns {
		return Answer{Action: None} // a turn queued before the request; the hand-over is still to come
	}
	cv.Base = max(cv.Base, c.Tokens, st.Crossed) // one relay per conversation until it grows by the margin again
	m.callOff(fmt.Sprintf("the hand-over turn ended without the note being written to %s; nothing was cleared", m.Note), c)
	return Answer{Action: None}
}

// clearNotice tells the user of the fallback to clear the conversation.
func (m *Machine) clearNotice() string {
	return fmt.Sprintf("Relay: the hand-over note is in %s. Type /clear to continue in a fresh conversation; the note is loaded into it automatically.", m.Note)
}

// finish completes a relay at the fresh conversation's first turn end.
func (m *Machine) finish(c Call) Answer {
	st := m.St
	st.Relays++
	st.log(m.Now, c.SID, "resumed", c.Tokens, "fresh conversation started at %d tokens", c.Tokens)
	held, problem := m.release()
	st.enter(Armed, m.Now)
	a := Answer{Action: None, Notice: join(fmt.Sprintf("Relay done: resumed from %s at %s tokens.", m.Note, humanize.Tokens(c.Tokens)), problem)}
	if len(held) == 0 {
		return a
	}
	if c.Driver != Module {
		a.Notice += fmt.Sprintf(" %d prompt(s) typed during the relay could not be sent again here: %s", len(held), quoteAll(held))
		return a
	}
	a.Action, a.Prompts = Resend, held
	return a
}

// prompt holds what the person types while the module runs a relay.
func (m *Machine) prompt(c Call) Answer {
	st := m.St
	if st.Phase == Armed || st.Driver != Module || !m.owns(c) {
		return Answer{Action: None}
	}
	name, err := m.keeper().Keep(Owner{SID: st.OwnerSID, Window: st.OwnerWindow}, st.Kept, c.Text)
	if err != nil {
		st.log(m.Now, c.SID, "not held", 0, "prompt of %d bytes: %v", len(c.Text), err)
		return Answer{Action: None, Notice: fmt.Sprintf("Relay in progress, but this prompt could not be held (%v): it goes to the current conversation.", err)}
	}
	st.Kept = append(st.Kept, name)
	st.log(m.Now, c.SID, "held", 0, "prompt of %d characters held", utf8.RuneCountInString(c.Text))
	return Answer{Action: Hold, Notice: "Relay in progress: your message is held and will be sent again, unchanged, right after the fresh conversation starts."}
}

// cleared records that the driver cleared the conversation.
func (m *Machine) cleared(c Call) Answer {
	st := m.St
	switch {
	case st.Phase == Clearing && m.owns(c):
		st.enter(Resumed, m.Now)
		st.log(m.Now, c.SID, "cleared", 0, "conversation cleared")
	case st.Phase == Resumed && st.OwnerSID == c.SID:
		// SessionStart(clear) got there first.
	default:
		return Answer{Action: None}
	}
	st.OwnerSID = c.SID
	return Answer{Action: Resume, Text: ResumeText}
}

// started handles SessionStart: after a /clear in the relaying window the
// fresh conversation gets the note.
func (m *Machine) started(c Call) Answer {
	st := m.St
	if c.Source != "clear" || !m.owns(c) {
		return Answer{Action: None}
	}
	switch st.Phase {
	case Clearing:
		st.enter(Resumed, m.Now)
		st.OwnerSID = c.SID
		st.log(m.Now, c.SID, "cleared", 0, "conversation cleared; note injected")
		return Answer{Action: Inject}
	case Resumed:
		if st.OwnerSID == c.SID {
			return Answer{Action: Inject}
		}
	}
	return Answer{Action: None}
}

// prune forgets the conversations seen longest ago.
func (m *Machine) prune() {
	convs := m.St.Convs
	if len(convs) <= maxConvs {
		return
	}
	ids := make([]string, 0, len(convs))
	for id := range convs {
		ids = append(ids, id)
	}
	sort.Slice(ids, func(i, j int) bool { return convs[ids[i]].Seen.After(convs[ids[j]].Seen) })
	for _, id := range ids[maxConvs:] {
		if id != m.St.OwnerSID {
			delete(convs, id)
		}
	}
}

// join puts two notices on one line.
func join(a, b string) string {
	if a == "" || b == "" {
		return a + b
	}
	return a + " " + b
}

// quoteAll lists held prompts briefly for a notice.
func quoteAll(held []string) string {
	parts := make([]string, len(held))
	for i, h := range held {
		r := []rune(strings.TrimSpace(h))
		if len(r) > 80 {
			r = append(r[:79], '…')
		}
		parts[i] = fmt.Sprintf("%q", string(r))
	}
	return strings.Join(parts, ", ")
}
