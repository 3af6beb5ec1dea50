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
	if cv := st.Convs[st.OwnerSID]; cv != nil {
		cv.Base = max(cv.Base, cv.Tokens, st.Crossed)
	}
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
		st.Held, st.Notice = nil, "" // nobody left to hand them to
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
	if len(st.Held) > 0 && c.Driver == Module && a.Action == None {
		a.Action, a.Prompts, st.Held = Resend, st.Held, nil
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
