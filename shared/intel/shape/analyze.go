package shape

import "strings"

// Band classifies a root by how recently and how much it was used.
type Band string

// The three bands.
const (
	Hot  Band = "HOT"  // preserve: still in active use
	Warm Band = "WARM" // keep a one-line summary
	Cold Band = "COLD" // safe to drop
)

// Constants of the analysis.
const (
	hotCutoff    = 0.80 // score at or above which a root is HOT
	shiftWindow  = 10   // entries compared at each end for a domain shift
	shiftJaccard = 0.3  // overlap below which the work shifted
	minRooted    = 5    // fewer rooted entries give no analysis
	perBand      = 5    // roots listed per band
	hotListed    = 10   // HOT roots listed: every recent one, most often
	maxSamples   = 3    // sample files kept per root
)

// Options tune [Analyze].
type Options struct {
	Cwd        string  // project directory; roots are re-derived from files against it
	Depth      int     // root depth (shape.rootDirDepth)
	Scoring    string  // hybrid, recency or frequency
	WarmCutoff float64 // shape.warmScoreCutoff
	Preserve   []Glob  // always HOT
	Drop       []Glob  // always COLD; wins over Preserve (with ScoreDrop; else within the rules of drop.go)
	// InFlight and KeyFiles are files the bands must keep: those edited
	// and not committed, and session-context.md's Key Files (paths,
	// absolute or relative to Cwd; a Key Files item may follow its path
	// with words). Their roots are HOT; no folder holding one is COLD.
	InFlight []string
	KeyFiles []string
	// Committed is when the repository's latest commit was made (unix
	// seconds, 0 unknown): calls before it count as landed, as calls
	// before a commit the session ran do.
	Committed int64
	// ScoreDrop is the seed's DROP (shape.safeDrop false): every root
	// scored under WarmCutoff, whatever it holds or when it was touched.
	// Off, DROP is safe by construction (drop.go).
	ScoreDrop bool
}

// Root is one root directory's activity.
type Root struct {
	Name    string   `json:"name"`
	Count   int      `json:"count"`
	First   int64    `json:"first"` // axis position of the first and last touch
	Last    int64    `json:"last"`
	Tokens  int64    `json:"tokens"` // context growth attributed to it
	Samples []string `json:"samples"`
	Score   float64  `json:"score"`
	Band    Band     `json:"band"`
	live    int64    // the part of Tokens still in the context
	allow   bool
	deny    bool
}

// Shift is a change of working area between the start and the end of the
// log.
type Shift struct {
	From    []string `json:"from"`
	To      []string `json:"to"`
	Jaccard float64  `json:"jaccard"`
}

// Bands lists the names of every root in each band, best first.
type Bands struct {
	Hot  []string `json:"hot"`
	Warm []string `json:"warm"`
	Cold []string `json:"cold"`
}

// Marker is a phase event and where on the axis it happened.
type Marker struct {
	Event  string `json:"event"`
	Tokens int64  `json:"tokens"` // context tokens at the time
}

// Analysis is the shape of a session's context.
type Analysis struct {
	Hot         []Root   `json:"hot"` // the top of each band, for display
	Warm        []Root   `json:"warm"`
	Cold        []Root   `json:"cold"`
	Bands       Bands    `json:"bands"` // every root by band, for regret tracking
	Shift       *Shift   `json:"shift,omitempty"`
	StaleTokens int64    `json:"staleTokens"` // growth of the COLD roots since the last compaction
	Span        int64    `json:"span"`
	Calls       int      `json:"calls"`
	Markers     []Marker `json:"markers"`
}

// Analyze bands the roots of a shape log. The time axis is cumulative
// context growth: each entry advances it by how much the context grew
// since the previous one, so a compaction (tokens falling) does not run
// the axis backwards. Without token data it falls back to call order.
// It returns nil when fewer than five entries name a root.
func Analyze(entries []Entry, o Options) *Analysis {
	pos, tokenAxis := axis(entries)
	names := rootNames(entries, o)
	roots, order := aggregate(entries, names, pos, o)
	if len(order) < minRooted {
		return nil
	}
	a := &Analysis{Calls: len(order), Markers: markers(entries)}
	first, last := pos[order[0]], pos[order[len(order)-1]]
	a.Span = last - first
	if !tokenAxis {
		a.Span = 0
	}
	current := map[string]bool{}
	for _, i := range order[max(0, len(order)-graceEntries):] {
		current[names[i]] = true
	}
	score(roots, first, last, current, o)
	if !o.ScoreDrop {
		guard(roots, collect(entries, names, order, o), o)
	}
	a.Hot, a.Warm, a.Cold, a.Bands = bands(roots)
	for _, r := range roots {
		if r.Band == Cold {
			a.StaleTokens += r.live
		}
	}
	if !tokenAxis {
		a.StaleTokens = 0
	}
	a.Shift = shift(names, order)
	return a
}

// axis computes each entry's position; ok is false when tokens never grew.
// A step between an estimated and a measured figure does not advance it:
// the two count different things.
func axis(entries []Entry) (pos []int64, ok bool) {
	pos = make([]int64, len(entries))
	var at, prev int64
	for i, e := range entries {
		if i > 0 && e.Tok > prev && e.Est == entries[i-1].Est {
			at += e.Tok - prev
		}
		prev = e.Tok
		pos[i] = at
	}
	if at > 0 {
		return pos, true
	}
	for i := range pos {
		pos[i] = int64(i)
	}
	return pos, false
}

// compactionFall is the share of the context a fall must remove to be a
// compaction (or a /clear): the corpus's 16 compactions removed 56–80%,
// its other falls (thinking dropped from earlier turns, tool results
// cleared) 3–36%.
const compactionFall = 0.5

// lastCompaction returns the index of the first entry after the last
// compaction, 0 when there was none.
func lastCompaction(entries []Entry) int {
	for i := len(entries) - 1; i > 0; i-- {
		prev, e := entries[i-1], entries[i]
		if e.Est == prev.Est && float64(e.Tok) < float64(prev.Tok)*(1-compactionFall) {
			return i
		}
	}
	return 0
}

// aggregate groups rooted entries by root; order lists their indexes.
// Each entry is given the context growth up to the next entry: its Tok is
// measured at the response that asked for the call, so the call's own
// result only shows in the next figure (given the growth before it, 17.6%
// of the corpus's orange-zone analyses had a stale figure; 30.3% now).
// Growth before the last compaction counts in Tokens but not in live: it
// has left the context (counted, 26.3% of all analyses showed a stale
// figure, most of them made of tokens already compacted away; 10.5% now).
func aggregate(entries []Entry, names []string, pos []int64, o Options) (map[string]*Root, []int) {
	roots := map[string]*Root{}
	var order []int
	since := lastCompaction(entries)
	for i, e := range entries {
		name := names[i]
		if name == "" {
			continue
		}
		r := roots[name]
		if r == nil {
			r = &Root{Name: name, First: pos[i]}
			roots[name] = r
		}
		r.Count++
		r.Last = pos[i]
		if i+1 < len(entries) {
			grown := pos[i+1] - pos[i]
			r.Tokens += grown
			if i >= since {
				r.live += grown
			}
		}
		if f := e.FileName(); f != "" && len(r.Samples) < maxSamples && !contains(r.Samples, f) {
			r.Samples = append(r.Samples, f)
		}
		r.deny = r.deny || anyMatch(o.Drop, name, e.FileName())
		r.allow = r.allow || anyMatch(o.Preserve, name, e.FileName())
		order = append(order, i)
	}
	return roots, order
}

// rootNames re-derives every entry's root once ("" for none).
func rootNames(entries []Entry, o Options) []string {
	names := make([]string, len(entries))
	for i, e := range entries {
		names[i] = rootFor(e, o)
	}
	return names
}

// rootFor re-derives an entry's root with the current depth and cwd.
func rootFor(e Entry, o Options) string {
	f := e.FileName()
	if f == "" || o.Depth == 0 {
		return e.RootName()
	}
	if o.Cwd != "" && f[0] != '/' && !hasDrive(f) { // logged outside paths are C:/… on Windows
		f = o.Cwd + "/" + f
	}
	root, _ := RootOf(f, o.Cwd, o.Depth, strings.HasSuffix(f, "/"))
	return root
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
