// Package postcompact is the PostCompact hook: Claude Code hands it the
// summary the compaction just wrote (compact_summary), and it checks
// that summary against what had to survive: each of the user's captured
// rules, corrections and decisions (kept verbatim, kept in substance, or
// lost), the files in flight and the PRESERVE roots the guidance named.
// What was lost is left for the next hook that can add context (the next
// prompt or tool call; capture.Deliver), which gives it back to the
// model, once. The user sees one line
// (Claude Code shows a PostCompact hook's stdout to the user, never to
// the model), and the compaction history gains the retention figures
// beside regret.
//
// A Claude Code that sends no summary gets no score and no error: the
// captured words are then given back whole, marked unchecked.
package postcompact

import (
	"fmt"
	"strings"

	"github.com/session-intelligence/session-intelligence/shared/cc/hookio"
	"github.com/session-intelligence/session-intelligence/shared/intel/capture"
	"github.com/session-intelligence/session-intelligence/shared/intel/history"
	"github.com/session-intelligence/session-intelligence/shared/intel/retention"
	"github.com/session-intelligence/session-intelligence/shared/intel/session"
)

// Handle is the PostCompact handler.
func Handle(rt *hookio.Runtime, in *hookio.Input) (hookio.Result, error) {
	if rt.SID == "" || !rt.Config.Compact.KeepRules {
		return hookio.Result{}, nil
	}
	dir := session.Dir(rt.Dirs.Session(rt.SID))
	var st capture.Store
	if err := dir.Locked(rt.Ctx, func() error { st = capture.Load(dir.CaptureFile()); return nil }); err != nil {
		return hookio.Result{}, err
	}
	c := check(st, in.CompactSummary)
	if err := capture.SaveRestore(dir.RestoreFile(), capture.Restore{T: rt.Now().Unix(), Items: c.lost, Unchecked: c.r.Unchecked}); err != nil {
		rt.Log.Warnf(nil, "restore list: %v", err)
	}
	if err := stamp(rt, st.Pending, c.r); err != nil {
		rt.Log.Warnf(nil, "history: %v", err)
	}
	rt.Log.Infof(map[string]any{"words": c.r.Words, "verbatim": c.r.Verbatim, "substance": c.r.Substance,
		"lost": len(c.lost), "inFlight": c.r.InFlight, "named": c.r.Named, "unchecked": c.r.Unchecked}, "compaction checked")
	return hookio.Result{Text: c.line()}, nil
}

// checked is one summary's check.
type checked struct {
	r    history.Retention
	lost []capture.Item
}

// check judges summary against the store's words and pending names.
func check(st capture.Store, summary string) checked {
	c := checked{r: history.Retention{Words: len(st.Items)}}
	s := retention.Prepare(summary)
	if s.Empty() {
		c.r.Unchecked, c.lost, c.r.Restored = true, st.Items, len(st.Items)
		return c
	}
	for _, it := range st.Items {
		switch s.Judge(it.Text, it.About) {
		case retention.Verbatim:
			c.r.Verbatim++
		case retention.Substance:
			c.r.Substance++
		default:
			c.lost = append(c.lost, it)
		}
	}
	c.r.Restored = len(c.lost)
	if p := st.Pending; p != nil {
		c.r.InFlight, c.r.Preserve = len(p.InFlight), len(p.Preserve)
		for _, f := range p.InFlight {
			if s.NamesFile(f) {
				c.r.Named++
			}
		}
		for _, root := range p.Preserve {
			if s.Names(root) {
				c.r.Kept++
			}
		}
	}
	return c
}

// line is what the user reads after the compaction; "" when there was
// nothing to check.
func (c checked) line() string {
	r := c.r
	var parts []string
	if r.Words > 0 && !r.Unchecked {
		parts = append(parts, "kept "+count(r.Verbatim+r.Substance, r.Words, "of your", "instruction", "instructions"))
	}
	if r.InFlight > 0 {
		parts = append(parts, "named "+count(r.Named, r.InFlight, "of the", "file in flight", "files in flight"))
	}
	var tail string
	switch {
	case r.Unchecked && r.Words > 0:
		tail = fmt.Sprintf("Claude Code sent no summary to check; your %d captured %s go back to the model next",
			r.Words, plural(r.Words, "instruction", "instructions"))
	case r.Restored > 0:
		tail = fmt.Sprintf("the %d it lost %s back to the model next", r.Restored, plural(r.Restored, "goes", "go"))
	}
	if len(parts) == 0 && tail == "" {
		return ""
	}
	text := "session-intelligence: "
	if len(parts) > 0 {
		text += "the summary " + strings.Join(parts, " and ")
		if tail != "" {
			text += "; "
		}
	}
	return text + tail
}

// count says "n of the m things", or "all m" / "the one thing" when
// nothing is missing.
func count(n, of int, article, one, many string) string {
	switch {
	case n == of && of == 1:
		return strings.TrimPrefix(article, "of ") + " " + one
	case n == of:
		return fmt.Sprintf("all %d %s %s", of, article, many)
	}
	return fmt.Sprintf("%d %s %d %s", n, article, of, plural(of, one, many))
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// stamp records the figures on the session's latest history entry, the
// one the PreCompact hook appended for this compaction.
func stamp(rt *hookio.Runtime, p *capture.Pending, r history.Retention) error {
	since := int64(0)
	if p != nil {
		since = p.T - 60
	}
	latest := int64(-1)
	entries, err := history.Read(history.Path(rt.Dirs.Logs))
	if err != nil {
		return err
	}
	for _, e := range entries {
		if e.SID == rt.SID && e.T >= since && e.T > latest {
			latest = e.T
		}
	}
	if latest < 0 {
		return nil
	}
	_, err = history.Update(history.Path(rt.Dirs.Logs), func(e history.Entry) bool {
		return e.SID == rt.SID && e.T == latest && e.Retention == nil
	}, func(e *history.Entry) { e.Retention = &r })
	return err
}
