package advisory

import (
	"fmt"
	"strings"

	"github.com/session-intelligence/session-intelligence/shared/core/humanize"
	"github.com/session-intelligence/session-intelligence/shared/core/termtext"
	"github.com/session-intelligence/session-intelligence/shared/intel/zones"
)

// Notice is the advisory's line for the user (a systemMessage): the zone,
// the context, how far auto-compaction is and what to do. The model gets
// the advisory itself; a user of the desktop app or an IDE sees no
// status line, so this line is their warning.
func Notice(in Input) string {
	size := "~" + humanize.Tokens(in.Tokens)
	if in.Estimated {
		size += " (estimated)"
	}
	todo := "compact at a natural pause (/compact)"
	if in.Zone >= zones.Red {
		todo = "compact now, at the end of this step (/compact)"
	}
	return termtext.Line(fmt.Sprintf("session-intelligence: %s — context at %s tokens%s; %s.",
		in.Zone.Title(), size, distance(in), todo))
}

// Terminal formats a desktop notification of text as the terminal escape
// sequence kind names: "osc9" (ESC ] 9 ; text BEL: iTerm2, Windows
// Terminal, kitty, WezTerm, Ghostty) or "osc777" (ESC ] 777 ; notify ;
// title ; text BEL: foot, rxvt-unicode, WezTerm, Ghostty); "" for any other
// kind. The text is cleaned of every control character, so it cannot end
// the sequence early or start another, and of ";", which separates the
// fields of OSC 777.
func Terminal(kind, text string) string {
	text = strings.ReplaceAll(termtext.Line(text), ";", ",")
	switch kind {
	case "osc9":
		return "\x1b]9;" + text + "\x07"
	case "osc777":
		return "\x1b]777;notify;Claude Code;" + text + "\x07"
	}
	return ""
}
