package cli

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/session-intelligence/session-intelligence/shared/core/jsonx"
	"github.com/session-intelligence/session-intelligence/shared/intel/replay"
)

// ReplayCmd is `si replay [--json] [--table] [--context-window N] TRANSCRIPT...`.
type ReplayCmd struct {
	JSON          bool         `help:"Print JSON: {\"transcripts\":[…]} (and \"table\" with --table)."`
	Table         bool         `help:"Print one Markdown table of all the transcripts (advisories before each compaction, rooted share, DROP revisits) instead of the timelines."`
	ContextWindow windowTokens `name:"context-window" placeholder:"N" help:"Replay as if the session ran in a context window of N tokens (100000 to 10000000; 200k and 1m work); default: the session's own (its model's window, else one inferred from its automatic compactions)."`
	Transcripts   []string     `arg:"" type:"existingfile" help:"Transcript files (~/.claude/projects/<project>/<session>.jsonl)."`
}

// Run replays each transcript and prints the timelines, the table or the
// JSON.
func (c *ReplayCmd) Run(d *deps) error {
	if c.ContextWindow.set {
		if err := replay.CheckWindow(c.ContextWindow.n); err != nil {
			return fmt.Errorf("--context-window %s: %w", c.ContextWindow.text, err)
		}
	}
	o := replay.Options{Config: d.Config, Dirs: d.Dirs, Getenv: d.Getenv, Window: c.ContextWindow.n}
	reports := make([]replay.Report, 0, len(c.Transcripts))
	for _, path := range c.Transcripts {
		rep, err := replay.Run(path, o)
		if err != nil {
			return err
		}
		reports = append(reports, rep)
	}
	switch {
	case c.JSON:
		out := map[string]any{"transcripts": reports}
		if c.Table {
			out["table"] = replay.Summarize(reports)
		}
		enc := jsonx.NewEncoder(d.Stdout)
		enc.SetIndent("", "  ")
		return enc.Encode(out)
	case c.Table:
		return replay.Summarize(reports).WriteMarkdown(d.Stdout)
	}
	for i, rep := range reports {
		if i > 0 {
			fmt.Fprintln(d.Stdout)
		}
		if err := rep.WriteText(d.Stdout); err != nil {
			return err
		}
	}
	return nil
}

// windowTokens is a token count given as digits, or with a k or m
// suffix; set tells a given 0 from an absent flag.
type windowTokens struct {
	n    int64
	set  bool
	text string // as given, for the error
}

// UnmarshalText parses the flag's value (kong calls it only when given).
func (w *windowTokens) UnmarshalText(text []byte) error {
	s := strings.ToLower(strings.TrimSpace(string(text)))
	mult := int64(1)
	switch {
	case strings.HasSuffix(s, "k"):
		s, mult = strings.TrimSuffix(s, "k"), 1000
	case strings.HasSuffix(s, "m"):
		s, mult = strings.TrimSuffix(s, "m"), 1_000_000
	}
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil {
		return fmt.Errorf("%q is not a number of tokens (for example 200000, 200k or 1m)", string(text))
	}
	if n > replay.MaxWindow || n < -replay.MaxWindow {
		n, mult = max(-replay.MaxWindow-1, min(n, replay.MaxWindow+1)), 1 // out of range either way, and no overflow
	}
	w.n, w.set, w.text = n*mult, true, string(text)
	return nil
}
