package relay

import (
	"context"
	"time"

	"github.com/session-intelligence/session-intelligence/shared/cc/hookio"
	"github.com/session-intelligence/session-intelligence/shared/core/paths"
	"github.com/session-intelligence/session-intelligence/shared/intel/capture"
	"github.com/session-intelligence/session-intelligence/shared/intel/session"
)

// maxCarried bounds the runes of the user's words quoted into the fresh
// conversation of a relay.
const maxCarried = 3000

// carryLock bounds the wait for the fresh session's lock: SessionStart
// runs on the user's time.
const carryLock = 2 * time.Second

// wordsHeader opens the block of the previous conversation's user's
// words; tests look for it.
const wordsHeader = "THE USER'S OWN WORDS FROM THE PREVIOUS CONVERSATION"

// carryWords gives the fresh conversation of a relay the rules,
// corrections and decisions its user gave in the conversation that wrote
// the note (from): the note is the model's summary and may leave them
// out, as a compaction's summary does. They are copied into the fresh
// session's own capture store, so that its later compactions check and
// keep them too, and quoted once for the model. Copying is idempotent:
// a second SessionStart of the same conversation adds nothing.
func carryWords(rt *hookio.Runtime, from string) string {
	// The relay's state is a file on disk: its id is sanitised like any
	// other before it names a folder.
	from = paths.SessionID(from)
	if from == "" || from == rt.SID || !rt.Config.Compact.KeepRules {
		return ""
	}
	old := capture.Load(session.Dir(rt.Dirs.Session(from)).CaptureFile())
	if len(old.Items) == 0 {
		return ""
	}
	ctx, cancel := context.WithTimeout(context.Background(), carryLock)
	defer cancel()
	err := capture.Update(ctx, session.Dir(rt.Dirs.Session(rt.SID)), func(s *capture.Store) bool {
		return s.Add(rt.Now(), old.Items...) > 0
	})
	if err != nil {
		// The quote below still reaches the model; only the fresh
		// session's later checks miss these words.
		rt.Log.Warnf(nil, "relay: keeping the previous conversation's words: %v", err)
	}
	quoted := capture.Quote(old.Items, nil, maxCarried)
	if quoted == "" {
		return ""
	}
	rt.Log.Infof(map[string]any{"items": len(old.Items)}, "relay: the previous conversation's words carried on")
	return wordsHeader + " (session-intelligence kept the rules, corrections and decisions the user gave " +
		"before this relay; quoted verbatim, they still stand, whatever the note says):\n" + quoted
}
