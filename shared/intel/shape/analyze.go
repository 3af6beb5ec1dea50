package shape

import (
	"math"
	"sort"
	"strings"
)

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
	maxSamples   = 3    // sample files kept per root
)

// Options tune [Analyze].
type Options struct {
	Cwd        string  // project directory; roots are re-derived from files against it
	Depth      int     // root depth (shape.rootDirDepth)
	Scoring    string  // hybrid, recency or frequency
	WarmCutoff float64 // shape.warmScoreCutoff
	Preserve   []Glob  // always HOT
	Drop       []Glob  // always COLD; wins over Preserve
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
	StaleTokens int64    `json:"staleTokens"`
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
	roots, order := aggregate(entries, pos, o)
	if len(order) < minRooted {
		return nil
	}
	a := &Analysis{Calls: len(order), Markers: markers(entries)}
	first, last := pos[order[0]], pos[order[len(order)-1]]
	a.Span = last - first
	if !tokenAxis {
		a.Span = 0
	}
	score(roots, first, last, o)
	a.Hot, a.Warm, a.Cold, a.Bands = bands(roots)
	for _, r := range roots {
		if r.Band == Cold {
			a.StaleTokens += r.Tokens
		}
	}
	if !tokenAxis {
		a.StaleTokens = 0
	}
	a.Shift = shift(entries, order, o)
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

// aggregate groups rooted entries by root; order lists their indexes.
func aggregate(entries []Entry, pos []int64, o Options) (map[string]*Root, []int) {
	roots := map[string]*Root{}
	var order []int
	for i, e := range entries {
		name := rootFor(e, o)
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
		if i > 0 {
			r.Tokens += pos[i] - pos[i-1]
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

// rootFor re-derives an entry's root with the current depth and cwd.
func rootFor(e Entry, o Options) string {
	f := e.FileName()
	if f == "" || o.Depth == 0 {
		return e.RootName()
	}
	if o.Cwd != "" && f[0] != '/' {
		f = o.Cwd + "/" + f
	}
	root, _ := RootOf(f, o.Cwd, o.Depth, strings.HasSuffix(f, "/"))
	return root
}

func score(roots map[string]*Root, first, last int64, o Options) {
	maxCount := 1
	for _, r := range roots {
		maxCount = max(maxCount, r.Count)
	}
	span := float64(last - first)
	for _, r := range roots {
		recency := 1.0
		if span > 0 {
			recency = math.Min(1, math.Max(0, float64(r.Last-first)/span))
		}
		freq := math.Log1p(float64(r.Count)) / math.Log1p(float64(maxCount))
		switch o.Scoring {
		case "recency":
			r.Score = recency
		case "frequency":
			r.Score = freq
		default:
			r.Score = 0.6*recency + 0.4*freq
		}
		r.Band = bandOf(r, o.WarmCutoff)
	}
}

func bandOf(r *Root, warmCutoff float64) Band {
	if warmCutoff <= 0 || warmCutoff >= hotCutoff {
		warmCutoff = 0.40
	}
	switch {
	case r.deny:
		return Cold
	case r.allow, r.Score >= hotCutoff:
		return Hot
	case r.Score >= warmCutoff:
		return Warm
	}
	return Cold
}

// bands sorts roots by score (then recency), keeps the top of each band
// and lists every name by band.
func bands(roots map[string]*Root) (hot, warm, cold []Root, all Bands) {
	list := make([]*Root, 0, len(roots))
	for _, r := range roots {
		list = append(list, r)
	}
	sort.Slice(list, func(i, j int) bool {
		if list[i].Score != list[j].Score {
			return list[i].Score > list[j].Score
		}
		if list[i].Last != list[j].Last {
			return list[i].Last > list[j].Last
		}
		return list[i].Name < list[j].Name
	})
	for _, r := range list {
		switch r.Band {
		case Hot:
			hot = appendCapped(hot, *r)
			all.Hot = append(all.Hot, r.Name)
		case Warm:
			warm = appendCapped(warm, *r)
			all.Warm = append(all.Warm, r.Name)
		default:
			cold = appendCapped(cold, *r)
			all.Cold = append(all.Cold, r.Name)
		}
	}
	return hot, warm, cold, all
}

func appendCapped(list []Root, r Root) []Root {
	if len(list) >= perBand {
		return list
	}
	return append(list, r)
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
