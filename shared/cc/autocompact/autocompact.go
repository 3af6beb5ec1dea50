// Package autocompact says where Claude Code will compact a conversation
// by itself, so that the zones and the status line can warn before it.
//
// The rule, read from Claude Code 2.1.332 and checked with it (docs/compaction.md,
// "The compaction point"): a conversation is compacted automatically once
// its context reaches
//
//	threshold = A − min(maxOutputTokens, 20,000) − 13,000
//
// where A, the auto-compact window, is the model's context window unless
// a smaller one is configured (CLAUDE_CODE_AUTO_COMPACT_WINDOW, then
// "autoCompactWindow" in the settings, a number or a per-model object;
// `/autocompact` and `--autocompact N` set it too). CLAUDE_AUTOCOMPACT_PCT_OVERRIDE
// (a percentage in (0, 100]) lowers the threshold to that share of the
// window less the output reserve. DISABLE_AUTO_COMPACT, DISABLE_COMPACT
// or "autoCompactEnabled": false in ~/.claude.json switch it off. Every
// current model's maxOutputTokens is at least 32,000, so the reserve is
// 20,000. The 200k models whose window Claude Code takes as is compact
// only when the API refuses a request as too long (reactive.go).
package autocompact

import (
	"strconv"
	"strings"
)

// Claude Code's constants (2.1.332).
const (
	OutputReserve = 20_000 // min(maxOutputTokens, 20k): the room kept for the reply
	SummaryBuffer = 13_000 // kept free for the summary itself
	MinWindow     = 100_000
	// Window200k and Window1M are the two context windows models have.
	Window200k = 200_000
	Window1M   = 1_000_000
)

// Source says what decided a figure.
type Source string

// The sources, most trusted first.
const (
	FromStatusLine Source = "statusline" // context_window_size, as Claude Code sent it
	FromModel      Source = "model"      // the model id's known window
	FromUsage      Source = "usage"      // a response larger than the model's window: a 1M window
	FromObserved   Source = "observed"   // an earlier automatic compaction of this session or project
	FromEnv        Source = "env"        // CLAUDE_CODE_AUTO_COMPACT_WINDOW
	FromSettings   Source = "settings"   // autoCompactWindow
	FromDefault    Source = "default"    // nothing known: a 200k window
)

// Point is where auto-compaction fires.
type Point struct {
	Off        bool   // auto-compaction is switched off (then Threshold is 0)
	Window     int64  // the model's context window
	WindowFrom Source // what the window came from
	AutoWindow int64  // the window auto-compaction counts against (≤ Window)
	AutoFrom   Source // what set it, when not the window itself
	Pct        float64
	Threshold  int64
	// Reactive is set when Claude Code compacts only once the API
	// refuses a request as too long: the threshold is the window itself.
	Reactive bool
}

// Inputs are what the point is computed from; every field may be empty.
type Inputs struct {
	Window   int64  // context_window_size from the status line
	Model    string // the model id
	Getenv   func(string) string
	Settings []any   // autoCompactWindow values of the settings files, highest precedence first
	Enabled  *bool   // autoCompactEnabled from ~/.claude.json
	Observed []int64 // preTokens of earlier automatic compactions of this session
	Peak     int64   // the largest context a response of the session reported
	Version  string  // Claude Code's version, when known (a transcript records it)
}

// Compute applies Claude Code's rule to what is known.
func Compute(in Inputs) Point {
	getenv := in.Getenv
	if getenv == nil {
		getenv = func(string) string { return "" }
	}
	p := Point{}
	p.Window, p.WindowFrom = window(in)
	p.AutoWindow = p.Window
	if n, ok := envWindow(getenv("CLAUDE_CODE_AUTO_COMPACT_WINDOW")); ok {
		p.AutoWindow, p.AutoFrom = min(p.Window, n), FromEnv
	} else if n, ok := settingsWindow(in.Settings, in.Model); ok {
		p.AutoWindow, p.AutoFrom = min(p.Window, n), FromSettings
	}
	if off(getenv) || in.Enabled != nil && !*in.Enabled {
		p.Off = true
		return p
	}
	p.Pct = pctOverride(getenv("CLAUDE_AUTOCOMPACT_PCT_OVERRIDE"))
	p.Threshold = Threshold(p.AutoWindow, p.Pct)
	if p.AutoFrom == "" && p.WindowFrom != FromUsage && reactive(in.Model, in.Version) {
		p.Reactive, p.Threshold, p.Pct = true, p.Window, 0 // no override applies before the refusal
	}
	p.observe(in.Observed)
	return p
}

// Threshold is Claude Code's compaction threshold for an auto-compact
// window and an optional percentage override.
func Threshold(autoWindow int64, pct float64) int64 {
	effective := autoWindow - OutputReserve
	t := effective - SummaryBuffer
	if pct > 0 && pct <= 100 {
		t = min(int64(float64(effective)*pct/100), t)
	}
	return max(t, 0)
}

// observe lowers the threshold to what an earlier automatic compaction
// shows: one that fired well below the computed point means a smaller
// window was set where the hooks cannot see it (`--autocompact N`). The
// compaction fires at the first turn past the threshold, so the point is
// at or below the smallest such figure.
func (p *Point) observe(observed []int64) {
	low := int64(0)
	for _, o := range observed {
		if o > 0 && (low == 0 || o < low) {
			low = o
		}
	}
	if low > 0 && low < p.Threshold-SummaryBuffer {
		p.Threshold, p.AutoFrom, p.Reactive = low, FromObserved, false
		p.AutoWindow = low + OutputReserve + SummaryBuffer
	}
}

func off(getenv func(string) string) bool {
	return truthy(getenv("DISABLE_AUTO_COMPACT")) || truthy(getenv("DISABLE_COMPACT"))
}

func truthy(s string) bool {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "1", "true", "yes", "on":
		return true
	}
	return false
}

func pctOverride(s string) float64 {
	f, err := strconv.ParseFloat(strings.TrimSpace(s), 64)
	if err != nil || f <= 0 || f > 100 {
		return 0
	}
	return f
}

// envWindow reads CLAUDE_CODE_AUTO_COMPACT_WINDOW: a whole number of
// tokens, at least MinWindow.
func envWindow(s string) (int64, bool) {
	n, err := strconv.ParseInt(strings.TrimSpace(s), 10, 64)
	if err != nil || n < MinWindow {
		return 0, false
	}
	return n, true
}
