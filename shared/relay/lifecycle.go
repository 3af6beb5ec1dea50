package relay

import (
	"fmt"
	"time"
)

// adopt takes over a relay whose window died between the clear and the
// resume: a new session of the project starts from the note.
func (m *Machine) adopt(c Call) bool {
	st := m.St
	if c.Source != "startup" && c.Source != "clear" || st.Phase != Clearing && st.Phase != Resumed {
		return false
	}
	if st.OwnerWindow == "" || st.OwnerWindow == c.Window || m.Alive(st.OwnerWindow) || m.Now.Sub(st.Since) > m.Set.Timeout {
		return false
	}
	st.log(m.Now, c.SID, "adopted", 0, "window %s is gone; this session resumes from the note", st.OwnerWindow)
	st.enter(Resumed, m.Now)
	st.OwnerSID, st.OwnerWindow = c.SID, c.Window
	return true
}

// heal puts back on its feet a state no version writes (a file edited
// by hand, damaged, or from a newer version): an unknown phase or
// driver, or a phase that began in the future (which would never time
// out), is called off to armed, keeping the prompts it holds for their
// owner; a conversation measured below zero is measured again.
func (m *Machine) heal(c Call) {
	st := m.St
	for id, cv := range st.Convs {
		if cv == nil || cv.Base < 0 || cv.Tokens < 0 {
			st.Convs[id] = &Conv{Seen: m.Now}
		}
	}
	var why string
	switch {
	case st.Phase == Armed:
		return
	case st.Phase != Writing && st.Phase != Clearing && st.Phase != Resumed:
		why = fmt.Sprintf("its state named an unknown phase %q", st.Phase)
	case st.Driver != Module && st.Driver != StopHook && st.Driver != Headless:
		why = fmt.Sprintf("its state named an unknown driver %q", st.Driver)
	case st.Since.After(m.Now.Add(time.Minute)):
		why = fmt.Sprintf("its phase began in the future (%s)", st.Since.Format(time.RFC3339))
	default:
		return
	}
	m.rebase()
	m.callOff(why+"; back to armed", c)
}

// rebase makes the relaying conversation wait for another margin past
// its size before it relays again: a relay called off does not start
// over at the next turn.
func (m *Machine) rebase() {
	if cv := m.St.Convs[m.St.OwnerSID]; cv != nil {
		cv.Base = max(cv.Base, cv.Tokens, m.St.Crossed)
	}
}

// expire calls off a relay that stayed too long in its phase or whose
// window is gone.
func (m *Machine) expire(c Call) {
	st := m.St
	if st.Phase == Armed {
		return
	}
	var why string
	switch {
	case m.Now.Sub(st.Since) > m.Set.Timeout:
		why = fmt.Sprintf("no progress for %s in phase %s", m.Set.Timeout, st.Phase)
	case st.OwnerWindow != "" && c.Window != st.OwnerWindow && (st.Driver == Module || !m.owns(c)) && !m.Alive(st.OwnerWindow):
		// The module carries a relay out within one process; a Stop-hook
		// relay may go on in the next claude -p of the same conversation.
		why = "the window running it is gone"
	default:
		return
	}
	m.rebase()
	switch st.Phase {
	case Writing:
		why += "; the note was not written and nothing was cleared"
	case Clearing:
		why += fmt.Sprintf("; the conversation was not cleared (the note stays in %s)", m.Note)
	}
	m.callOff(why, c)
}

// callOff returns to armed; the owner is told at its next call.
func (m *Machine) callOff(why string, c Call) {
	st := m.St
	st.log(m.Now, st.OwnerSID, "called off", 0, "%s", why)
	st.Notice = "Relay called off: " + why + "."
	st.enter(Armed, m.Now)
	if c.SID != st.OwnerSID && st.OwnerWindow != "" && !m.Alive(st.OwnerWindow) {
		if prompts, _ := m.release(); len(prompts) > 0 { // nobody left to hand them to
			st.log(m.Now, st.OwnerSID, "dropped", 0, "%d held prompt(s): their window is gone", len(prompts))
		}
		st.Notice = ""
	}
}

// deliver hands the owner what a called-off relay left for it.
func (m *Machine) deliver(c Call, a *Answer) {
	st := m.St
	if st.Phase != Armed || !m.owns(c) || c.Event == StartedUp {
		return
	}
	if st.Notice != "" {
		a.Notice = join(st.Notice, a.Notice)
		st.Notice = ""
	}
	if st.holding() && c.Driver == Module && a.Action == None {
		prompts, problem := m.release()
		a.Action, a.Prompts, a.Notice = Resend, prompts, join(a.Notice, problem)
	}
}

// Reset calls off a relay by hand (si relay reset) and returns the phase
// it was in; held prompts still go to their window at its next call.
func Reset(st *State, now time.Time) Phase {
	was := st.Phase
	if was != Armed {
		st.log(now, st.OwnerSID, "called off", 0, "by si relay reset")
		st.enter(Armed, now)
	}
	return was
}
