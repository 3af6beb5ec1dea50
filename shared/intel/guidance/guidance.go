// Package guidance writes what the PreCompact hook prints. Claude Code
// appends a PreCompact hook's stdout to the summarisation prompt, after
// the user's own /compact words, so this text steers what the summary
// keeps: the user's own words the capture kept (rules and corrections,
// verbatim), the work in flight and the user's decisions first, then the
// user's session-context.md (curated), then the shape of the session
// observed from tool calls (grounded), then optional directives. With a stable prefix (the default) the text holds no
// counts, token figures, dates or ids, so the same working set gives the
// same bytes and the post-compaction prefix stays a prompt-cache hit.
package guidance

import (
	"fmt"
	"strings"
	"time"

	"github.com/session-intelligence/session-intelligence/shared/core/humanize"
	"github.com/session-intelligence/session-intelligence/shared/core/termtext"
	"github.com/session-intelligence/session-intelligence/shared/intel/capture"
	"github.com/session-intelligence/session-intelligence/shared/intel/sessionctx"
	"github.com/session-intelligence/session-intelligence/shared/intel/shape"
)

// Input is what the guidance is built from.
type Input struct {
	Context     *sessionctx.Doc // session-context.md, nil when there is none
	ContextAge  time.Duration   // since session-context.md was last written
	FromGit     bool            // Context was made from git (no session-context.md yet)
	Shape       *shape.Analysis // nil with too little tool history
	SavedMemory string          // the auto-memory file this session wrote, "" for none
	FollowUps   []string        // open follow-ups of the memory and session-context.md
	Words       []capture.Item  // the user's captured rules, corrections and decisions
	InFlight    []string        // files edited and not committed
	Tasks       []capture.Task  // open tasks
	Chasing     string          // the error being chased, "" for none
	Stable      bool            // compact.stablePrefix
	AIL         bool            // compact.format = ailv1: ask for an AILv1 snapshot at the end
}

// staleAfter is the age after which hand-written session-context.md
// sections are no longer passed on as current guidance.
const staleAfter = 72 * time.Hour

const rule = "━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━"

// Compose renders the guidance; "" when there is nothing to say.
func Compose(in Input) string {
	var blocks []string
	for _, b := range []string{wordsBlock(in), workBlock(in), decisionsBlock(in), contextBlock(in), shapeBlock(in), memoryBlock(in), prioritiesBlock(in), ailBlock(in)} {
		if b != "" {
			blocks = append(blocks, b)
		}
	}
	if len(blocks) == 0 {
		return ""
	}
	head := "# Session Intelligence — compaction guidance\n"
	if l := lead(in); l != "" {
		head += l + "\n"
	}
	return head + "\n" + strings.Join(blocks, "\n\n") + "\n" + End + "\n"
}

// End closes the guidance, so it stands apart from what Claude Code adds
// after it.
const End = "(end of session-intelligence compaction guidance)"

// sections maps session-context.md headings to how they are labelled.
var sections = []struct{ heading, label string }{
	{"Current Task", "CURRENT TASK:"},
	{"Key Files", "KEY FILES (must preserve):"},
	{"Key Decisions", "KEY DECISIONS (must preserve):"},
	{"Completed Tasks (safe to drop details)", "SAFE TO DROP (resolved — keep only one-line summaries):"},
	{"On Compact", "COMPACTION INSTRUCTIONS:"},
}

// contextBlock is COMPACTION GUIDANCE from session-context.md. Sections
// the bootstrap filled from the last commit are always current; written
// ones count only while the file is fresh, else a note says they were
// left out.
func contextBlock(in Input) string {
	if in.Context == nil {
		return ""
	}
	var parts, stale []string
	for _, s := range sections {
		lines := termtext.ModelLines(realLines(in.Context.Sections[s.heading])) // a file anyone could have edited
		if len(lines) == 0 {
			continue
		}
		auto := strings.Contains(strings.Join(in.Context.Sections[s.heading], "\n"), "si:autofill")
		if !auto && in.ContextAge > staleAfter {
			stale = append(stale, s.heading)
			continue
		}
		parts = append(parts, s.label+"\n"+strings.Join(lines, "\n"))
	}
	if len(stale) > 0 && !in.Stable {
		parts = append(parts, fmt.Sprintf("NOTE: left out, not updated for %s: %s", humanize.Span(in.ContextAge), strings.Join(stale, ", ")))
	} else if len(stale) > 0 {
		parts = append(parts, "NOTE: left out as stale: "+strings.Join(stale, ", "))
	}
	if len(parts) == 0 {
		return ""
	}
	from := "session-context.md"
	if in.FromGit {
		from = "git: the last commit and the files in flight; no session-context.md yet"
	}
	return "COMPACTION GUIDANCE (from " + from + "):\n" + rule + "\n" + strings.Join(parts, "\n\n") + "\n" + rule
}

// Informative reports whether a session-context.md says anything the
// guidance would pass on (more than the template's placeholders).
func Informative(doc *sessionctx.Doc) bool {
	if doc == nil {
		return false
	}
	for _, s := range sections {
		if len(realLines(doc.Sections[s.heading])) > 0 {
			return true
		}
	}
	return false
}

// realLines drops placeholders and our own sentinel comments.
func realLines(lines []string) []string {
	var out []string
	for _, l := range lines {
		v := l
		if _, after, ok := strings.Cut(l, ":"); ok && !strings.HasPrefix(l, "-") {
			v = after
		}
		if strings.HasPrefix(l, "<!--") || sessionctx.Placeholder(strings.TrimPrefix(v, "- ")) {
			continue
		}
		out = append(out, l)
	}
	return out
}
