package autocompact

import (
	"regexp"
	"strconv"
	"strings"
	"sync"
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

// reactiveModel matches the model ids whose window 2.1.332 takes as is.
var reactiveModel = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`claude-(haiku-4-5|sonnet-4(-[05])?|opus-4(-[015])?)($|-\d{8}|[^-0-9a-z])`)
})

// ReactiveSince is the first Claude Code version known to compact those
// models only on the API's refusal.
var ReactiveSince = [3]int{2, 1, 332}

// reactive reports whether Claude Code version compacts model only on the
// API's refusal of a request too long for its window. An empty version is
// taken for the one the plugin targets.
func reactive(model, version string) bool {
	m := strings.ToLower(model)
	if strings.Contains(m, "[1m]") || !reactiveModel().MatchString(m) {
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
