package shape

import (
	"math"
	"sort"
)

// This file scores and bands the roots. The figures in the comments come
// from the corpus of recorded sessions (TestCorpusBands: 17 sessions,
// 2,375 tool calls): how often a root is touched again within the next 30
// calls, the regret window, given its recency and how often it was used.

const (
	// recencyPower bends recency: a root comes back within 30 calls
	// 24–33% of the time whatever its recency below 0.8, but 45% at
	// 0.8–0.9, 60% at 0.9–0.95 and 83% above. Linear recency ranked a root
	// last used mid-session (0.5) halfway to HOT; cubed, the last tenth of
	// the span stays high (0.9³ = 0.73) and the rest flattens (0.7³ =
	// 0.34, 0.5³ = 0.13), so a root quiet for the last third of the span
	// is COLD unless it was used often. Of the orange-zone analyses, a
	// stale figure showed in 2.8% with linear recency, 12.0% squared and
	// 30.3% cubed, while their COLD roots touched again within 30 calls
	// fell from 26.4% to 22.7% and 20.6%.
	recencyPower = 3
	// frequentUse is the count at which a root counts as used as much as
	// any: roots touched 20 times or more come back 88% of the time
	// (10–19: 81%, once: 21%), however busy the busiest root was. Scaled
	// by the busiest root (often "." with 100+ calls), a root in active
	// use scored as barely used: 15.8% of the roots touched in the last
	// three calls were not HOT at orange (10.9% now), for a few more stale
	// figures (35.2% against 30.3%).
	frequentUse = 20
	// graceEntries is how many of the latest rooted entries count as
	// current whatever the axis says: one large result (the corpus's p99
	// growth after a call is 16k tokens, its largest 59k) can move the
	// axis so far that a root touched two calls ago looks old. Without
	// it, 12 analyses banded a root touched in the last three calls COLD.
	graceEntries = 3
)

// score sets each root's score and band. Recency is where its last touch
// sits on the axis between the first and the last entry, bent by
// recencyPower (1 for the current roots); frequency is its count on a log
// scale up to frequentUse.
func score(roots map[string]*Root, first, last int64, current map[string]bool, o Options) {
	span := float64(last - first)
	for name, r := range roots {
		recency := 1.0
		if span > 0 && !current[name] {
			recency = math.Pow(math.Min(1, math.Max(0, float64(r.Last-first)/span)), recencyPower)
		}
		freq := math.Min(1, math.Log1p(float64(r.Count))/math.Log1p(frequentUse))
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

// bandOf bands a scored root. The project's top level (".") is at least
// WARM: every project-wide command runs there (git status, the test
// runner, the linter), so it keeps coming back: it was 37% of the COLD
// roots touched again within 30 calls. Kept WARM, those fell from 23.5%
// to 16.6% of all COLD roots (28.5% to 20.6% at orange).
func bandOf(r *Root, warmCutoff float64) Band {
	if warmCutoff <= 0 || warmCutoff >= hotCutoff {
		warmCutoff = 0.40
	}
	switch {
	case r.deny:
		return Cold
	case r.allow, r.Score >= hotCutoff:
		return Hot
	case r.Score >= warmCutoff, r.Name == ".":
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
			hot = appendCapped(hot, *r, hotListed)
			all.Hot = append(all.Hot, r.Name)
		case Warm:
			warm = appendCapped(warm, *r, perBand)
			all.Warm = append(all.Warm, r.Name)
		default:
			cold = appendCapped(cold, *r, perBand)
			all.Cold = append(all.Cold, r.Name)
		}
	}
	return hot, warm, cold, all
}

func appendCapped(list []Root, r Root, most int) []Root {
	if len(list) >= most {
		return list
	}
	return append(list, r)
}
