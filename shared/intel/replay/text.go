package replay

import (
	"fmt"
	"io"
	"sort"
	"strings"
	"time"

	"github.com/session-intelligence/session-intelligence/shared/core/humanize"
	"github.com/session-intelligence/session-intelligence/shared/intel/regret"
)

// event is one line of the timeline, placed by call index.
type event struct {
	call  int
	order int // advisories before a compaction after the same call
	t     int64
	text  []string
}

// WriteText writes the report as a readable timeline (times in UTC).
func (r Report) WriteText(w io.Writer) error {
	var b strings.Builder
	fmt.Fprintf(&b, "%s\n  session %s · %s\n  %s\n", r.Path, orDash(r.SessionID), orDash(r.Cwd), pointLine(r.Point))
	var events []event
	for _, a := range r.Advisories {
		events = append(events, event{call: a.Call, t: a.T, text: []string{advisoryLine(a)}})
	}
	for _, c := range r.Compactions {
		events = append(events, event{call: c.AfterCall, order: 1, t: c.T, text: compactionLines(c)})
	}
	sort.SliceStable(events, func(i, j int) bool {
		if events[i].call != events[j].call {
			return events[i].call < events[j].call
		}
		return events[i].order < events[j].order
	})
	for _, e := range events {
		stamp := time.Unix(e.t, 0).UTC().Format(time.TimeOnly)
		for i, line := range e.text {
			if i > 0 {
				stamp = strings.Repeat(" ", len(stamp))
			}
			fmt.Fprintf(&b, "  %s  %s\n", stamp, line)
		}
	}
	b.WriteString("  " + totalsLine(r.Totals) + "\n")
	_, err := io.WriteString(w, b.String())
	return err
}

func advisoryLine(a Advisory) string {
	head := fmt.Sprintf("call %d at %s: %s", a.Call, humanize.Tokens(a.Tokens), a.Zone)
	switch {
	case !a.Delivered:
		return head + " (logged only)"
	case a.Repeat:
		head += " advisory (again)"
	default:
		head += " advisory"
	}
	if a.ToCompact != nil {
		head += ", " + humanize.Tokens(*a.ToCompact) + " before auto-compaction"
	}
	if a.Diagnosis != "" {
		head += " — observed: " + a.Diagnosis
	}
	return head
}

func compactionLines(c Compaction) []string {
	head := fmt.Sprintf("compaction (%s) at %s after call %d: ", orDash(c.Trigger), humanize.Tokens(c.PreTokens), c.AfterCall)
	if len(c.Hot)+len(c.Warm)+len(c.Cold) == 0 {
		head += fmt.Sprintf("no bands (%d rooted calls in the shape log)", c.Rooted)
	} else {
		head += "PRESERVE " + list(c.Hot) + "  WARM " + list(c.Warm) + "  DROP " + list(c.Cold)
	}
	lines := []string{head, "  " + beforeLine(c), "  " + folderLine(c.Folders)}
	if len(c.Drop) > 0 {
		lines = append(lines, "  "+revisitLine(c))
	}
	if c.Shift != nil {
		lines = append(lines, fmt.Sprintf("  shift %s → %s (overlap %.2f)", list(c.Shift.From), list(c.Shift.To), c.Shift.Jaccard))
	}
	return append(lines, "  → "+outcomeLine(c.Regret))
}

func outcomeLine(o Outcome) string {
	var parts []string
	if n := len(o.Hard); n == 0 {
		parts = append(parts, "no hard regret")
	} else {
		parts = append(parts, fmt.Sprintf("regret %d %s, weight %.2f (%s)", n, plural(n, "hit"), o.HardWeight, hitList(o.Hard)))
	}
	if n := len(o.Soft); n > 0 {
		parts = append(parts, fmt.Sprintf("soft %d (%s)", n, hitList(o.Soft)))
	}
	parts = append(parts, fmt.Sprintf("positive %d", len(o.Positive)))
	if o.ContinuationQuality != nil {
		parts = append(parts, fmt.Sprintf("quality %+.2f", *o.ContinuationQuality))
	}
	parts = append(parts, fmt.Sprintf("window %d %s, closed by %s", o.Calls, plural(o.Calls, "call"), o.ClosedBy))
	return strings.Join(parts, " · ")
}

// hitList groups hits by root, in order of first touch:
// "tests/e2e: Read; src/api: Grep ×2, Edit".
func hitList(hits []regret.Hit) string {
	var roots []string
	tools := map[string][]string{}
	counts := map[string]int{}
	for _, h := range hits {
		if _, ok := tools[h.Root]; !ok {
			roots = append(roots, h.Root)
		}
		if counts[h.Root+"\x00"+h.Tool]++; counts[h.Root+"\x00"+h.Tool] == 1 {
			tools[h.Root] = append(tools[h.Root], h.Tool)
		}
	}
	parts := make([]string, 0, len(roots))
	for _, root := range roots {
		var used []string
		for _, tool := range tools[root] {
			if n := counts[root+"\x00"+tool]; n > 1 {
				tool += fmt.Sprintf(" ×%d", n)
			}
			used = append(used, tool)
		}
		parts = append(parts, root+": "+strings.Join(used, ", "))
	}
	return strings.Join(parts, "; ")
}

func totalsLine(t Totals) string {
	s := fmt.Sprintf("totals: %d tool calls (%d rooted, %.1f%%) · %d %s · %d %s delivered",
		t.ToolCalls, t.RootedCalls, 100*t.RootedShare, t.Compactions, plural(t.Compactions, "compaction"), t.Advisories, plural(t.Advisories, "advisory"))
	if t.Compactions > 0 {
		s += fmt.Sprintf(" · %d of %d with an advisory first (%d of %d automatic)", t.Warned, t.Compactions, t.AutoWarned, t.Auto)
		if t.MedianLead != nil {
			s += ", median " + humanize.Tokens(*t.MedianLead) + " before"
		}
		s += fmt.Sprintf(" · DROP %d, revisited %d (%d within the regret window)", t.DropRoots, t.Revisited, t.RevisitedInWindow)
		s += fmt.Sprintf(" · hard-regret rate %.0f%% · mean weighted regret %.2f", t.HardRegretRate*100, t.MeanHardRegret)
		s += " · " + folderTotalsLine(t)
		s += fmt.Sprintf(" · %d of %d automatic warned in time (%dk ahead), %d over-advised", t.Warnings.InTime, t.Auto, InTimeLead/1000, t.Warnings.OverAdvised)
	}
	if t.MeanContinuation != nil {
		s += fmt.Sprintf(" · mean continuation quality %+.2f", *t.MeanContinuation)
	}
	if w := t.Warnings; w.QuietCalls > 0 {
		s += fmt.Sprintf(" · nuisance %s advisories per 100 calls without an automatic compaction after them", nuisance(w))
	}
	return s
}

func list(names []string) string {
	if len(names) == 0 {
		return "—"
	}
	return strings.Join(names, ", ")
}

func orDash(s string) string {
	if s == "" {
		return "—"
	}
	return s
}

func plural(n int, word string) string {
	switch {
	case n == 1:
		return word
	case strings.HasSuffix(word, "y"):
		return strings.TrimSuffix(word, "y") + "ies"
	}
	return word + "s"
}

// pointLine says where the replay placed auto-compaction and why.
func pointLine(pt Point) string {
	if pt.Window == 0 {
		return "no compaction point"
	}
	s := fmt.Sprintf("window %s (%s)", humanize.Tokens(pt.Window), windowWhy(pt))
	switch {
	case pt.Off:
		s += " · auto-compaction off"
	case pt.Threshold > 0:
		s += " · auto-compaction at " + humanize.Tokens(pt.Threshold)
		if pt.AutoFrom != "" {
			s += fmt.Sprintf(" (auto-compact window %s from %s)", humanize.Tokens(pt.AutoWindow), autoWhy(pt.AutoFrom))
		}
	}
	z := pt.Zones
	return s + fmt.Sprintf(" · zones %s/%s/%s (%s)", humanize.Tokens(z.Yellow), humanize.Tokens(z.Orange), humanize.Tokens(z.Red), orDash(z.Source))
}

func windowWhy(pt Point) string {
	switch pt.WindowFrom {
	case FromFlag:
		return "--context-window"
	case "model":
		return "the model, " + pt.Model
	case "usage":
		return "a response of " + humanize.Tokens(pt.Peak) + ", past a 200k window"
	case "observed":
		return "inferred from an automatic compaction past a 200k window's point"
	}
	return "nothing recorded: a 200k guess"
}

func autoWhy(from string) string {
	switch from {
	case "settings":
		return "autoCompactWindow"
	case "env":
		return "CLAUDE_CODE_AUTO_COMPACT_WINDOW"
	case "observed":
		return "an earlier automatic compaction"
	}
	return from
}

// beforeLine lists the advisories that came before a compaction.
func beforeLine(c Compaction) string {
	var delivered []string
	for _, a := range c.Before {
		if a.Delivered {
			delivered = append(delivered, a.Zone+" at "+humanize.Tokens(a.Tokens))
		}
	}
	if len(delivered) == 0 {
		return "no advisory before it"
	}
	return fmt.Sprintf("advised before: %s · the first %s before it", strings.Join(delivered, ", "), humanize.Tokens(*c.Lead))
}

// revisitLine says which DROP roots the rest of the session touched.
func revisitLine(c Compaction) string {
	if len(c.Revisits) == 0 {
		return fmt.Sprintf("DROP revisited: none of %d", len(c.Drop))
	}
	parts := make([]string, 0, len(c.Revisits))
	for _, v := range c.Revisits {
		parts = append(parts, fmt.Sprintf("%s (%s, %d %s later)", v.Root, v.Tool, v.After, plural(v.After, "call")))
	}
	return fmt.Sprintf("DROP revisited: %d of %d: %s", len(c.Revisits), len(c.Drop), strings.Join(parts, "; "))
}
