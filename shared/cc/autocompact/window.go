package autocompact

import "strings"

// maxWindow bounds a window figure from outside: anything larger is not
// a real context window (a typo, or a hostile file).
const maxWindow = 100_000_000

// window is the model's context window: as the status line reported it,
// else 1M when a response was larger than 200k (whatever the model id
// says: a session that ran past 200k had the 1M window), else from the
// model id, else from earlier compactions, else 200k.
func window(in Inputs) (int64, Source) {
	if in.Window >= MinWindow && in.Window <= maxWindow {
		return in.Window, FromStatusLine
	}
	w, known := WindowOf(in.Model)
	if in.Peak > Window200k && w < Window1M {
		return Window1M, FromUsage
	}
	if known {
		return w, FromModel
	}
	for _, o := range in.Observed {
		if o > Threshold(Window200k, 0)+50_000 {
			return Window1M, FromObserved // a compaction well past 200k's point
		}
	}
	return Window200k, FromDefault
}

// natively1M reports whether a lower-case model id names a family whose
// window is 1M without opting in (Claude Code 2.1.332's model table):
// Opus 4.7 and later, Sonnet 5 and later, Haiku 5.5, Fable. Matched by
// hand rather than by a regular expression, whose compilation cost the
// hooks more than their work.
func natively1M(m string) bool {
	return anyAfter(m, "claude-", func(rest string) bool {
		switch {
		case strings.HasPrefix(rest, "opus-4-"):
			return digitIn(rest[len("opus-4-"):], '7', '9')
		case strings.HasPrefix(rest, "opus-"):
			return digitIn(rest[len("opus-"):], '5', '9')
		case strings.HasPrefix(rest, "sonnet-"):
			return digitIn(rest[len("sonnet-"):], '5', '9')
		case strings.HasPrefix(rest, "haiku-"):
			v := rest[len("haiku-"):]
			return strings.HasPrefix(v, "5-5") || digitIn(v, '6', '9')
		}
		return strings.HasPrefix(rest, "fable")
	})
}

// knownModel reports whether Claude Code knows the window of a
// lower-case model id.
func knownModel(m string) bool {
	return anyAfter(m, "claude-", func(rest string) bool {
		for _, family := range []string{"opus", "sonnet", "haiku", "fable", "3"} {
			if strings.HasPrefix(rest, family) {
				return true
			}
		}
		return false
	})
}

// anyAfter reports whether ok holds for what follows some occurrence of
// sep in s.
func anyAfter(s, sep string, ok func(rest string) bool) bool {
	for {
		i := strings.Index(s, sep)
		if i < 0 {
			return false
		}
		s = s[i+len(sep):]
		if ok(s) {
			return true
		}
	}
}

// digitIn reports whether s starts with a digit from lo to hi.
func digitIn(s string, lo, hi byte) bool {
	return s != "" && s[0] >= lo && s[0] <= hi
}

// WindowOf is the context window of a model id: 1M for "[1m]" and the
// natively 1M families, 200k for the other Claude models; ok is false
// for an id it does not know.
func WindowOf(model string) (int64, bool) {
	m := strings.ToLower(model)
	switch {
	case m == "":
		return 0, false
	case strings.Contains(m, "[1m]") || strings.HasSuffix(m, "-1m"):
		return Window1M, true
	case natively1M(m):
		return Window1M, true
	case knownModel(m):
		return Window200k, true
	}
	return 0, false
}

// settingsWindow reads autoCompactWindow: a number of tokens (at least
// MinWindow), "auto" (no override), or {"default": …, "byModel": {model:
// …}} per model; the first file that sets it decides.
func settingsWindow(values []any, model string) (int64, bool) {
	for _, v := range values {
		if n, set := windowValue(v, model); set {
			return n, n > 0
		}
	}
	return 0, false
}

// windowValue reads one autoCompactWindow value; set is false when the
// value says nothing (absent, or a per-model object without this model
// or a default).
func windowValue(v any, model string) (n int64, set bool) {
	switch x := v.(type) {
	case float64:
		if x >= MinWindow && x <= maxWindow {
			return int64(x), true
		}
		return 0, false // out of range: Claude Code rejects the setting
	case string:
		return 0, x == "auto"
	case map[string]any:
		if by, ok := x["byModel"].(map[string]any); ok {
			for k, mv := range by {
				if model != "" && strings.HasPrefix(strings.ToLower(model), strings.ToLower(k)) {
					return windowValue(mv, "")
				}
			}
		}
		if d, ok := x["default"]; ok {
			return windowValue(d, "")
		}
	}
	return 0, false
}
