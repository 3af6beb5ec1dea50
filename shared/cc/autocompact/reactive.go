package autocompact

import (
	"strconv"
	"strings"
)

// Claude Code 2.1.332 resolves the auto-compact window of a model from,
// in order: CLAUDE_CODE_AUTO_COMPACT_WINDOW, autoCompactWindow, then the
// model's own defaults. The 200k models whose API window is 200k without
// opting in (Sonnet 4 and 4.5, Opus 4, 4.1 and 4.5, Haiku 4.5)
// have none: their window resolves to "auto", and then it never compacts
// before a request; it sends it, and compacts when the API refuses it as
// too long ("prompt is too long: N tokens > 200000 maximum"), sending it
// again after. So without a configured window, those models compact when
// the context no longer fits the window, not 33k before it. Checked with
// the real CLI against the fake API (TestCompactionPoint200k); recorded
// sessions of 2.1.50 and before compacted these models at window − 33k,
// which is what an older (or unknown older) version gets here.
//
// A first-party login may read a served model catalog that sets a default
// auto-compact window for a model (off under
// CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC and behind a gateway); a
// compaction well below the window then lowers the point (observe).

// reactiveFamilies are the model families whose window 2.1.332 takes as
// is, after "claude-": an id names one when the family is followed by the
// end, a -YYYYMMDD date or a character that cannot continue a model name.
// A plain scan, not a regular expression: the status line and PostToolUse
// ask on every call, and compiling and running a pattern was a tenth of
// what they allocate.
var reactiveFamilies = []string{"haiku-4-5", "sonnet-4", "sonnet-4-0", "sonnet-4-5", "opus-4", "opus-4-0", "opus-4-1", "opus-4-5"}

// reactiveModel reports whether the lower-case model id names one of
// reactiveFamilies anywhere in it.
func reactiveModel(m string) bool {
	for i := strings.Index(m, "claude-"); i >= 0; {
		rest := m[i+len("claude-"):]
		for _, f := range reactiveFamilies {
			if tail, ok := strings.CutPrefix(rest, f); ok && familyEnds(tail) {
				return true
			}
		}
		j := strings.Index(rest, "claude-")
		if j < 0 {
			return false
		}
		i += len("claude-") + j
	}
	return false
}

// familyEnds reports whether tail, what follows a family in a model id,
// ends the family's name.
func familyEnds(tail string) bool {
	switch {
	case tail == "":
		return true
	case len(tail) >= 9 && tail[0] == '-' && strings.Trim(tail[1:9], "0123456789") == "":
		return true
	}
	c := tail[0]
	return c != '-' && (c < '0' || c > '9') && (c < 'a' || c > 'z')
}

// ReactiveSince is the first Claude Code version known to compact those
// models only on the API's refusal.
var ReactiveSince = [3]int{2, 1, 332}

// reactive reports whether Claude Code version compacts model only on the
// API's refusal of a request too long for its window. An empty version is
// taken for the one the plugin targets.
func reactive(model, version string) bool {
	m := strings.ToLower(model)
	if strings.Contains(m, "[1m]") || !reactiveModel(m) {
		return false
	}
	return atLeast(version, ReactiveSince)
}

// atLeast compares a dotted version with want; "" counts as recent, a
// version that does not parse as old.
func atLeast(version string, want [3]int) bool {
	if version == "" {
		return true
	}
	parts := strings.SplitN(strings.TrimSpace(version), ".", 3)
	if len(parts) != 3 {
		return false
	}
	for i, p := range parts {
		if j := strings.IndexFunc(p, func(r rune) bool { return r < '0' || r > '9' }); j >= 0 {
			p = p[:j] // 2.1.332-beta
		}
		n, err := strconv.Atoi(p)
		if err != nil {
			return false
		}
		if n != want[i] {
			return n > want[i]
		}
	}
	return true
}
