package shape

import (
	"math"
	"sort"
)

// shift compares the roots of the first and last shiftWindow rooted
// entries; a Jaccard overlap under 0.3 is a domain shift.
func shift(names []string, order []int) *Shift {
	if len(order) < 2*shiftWindow {
		return nil
	}
	head := counts(names, order[:shiftWindow])
	tail := counts(names, order[len(order)-shiftWindow:])
	inter, union := 0, len(tail)
	for r := range head {
		if _, ok := tail[r]; ok {
			inter++
		} else {
			union++
		}
	}
	j := float64(inter) / float64(union)
	if j >= shiftJaccard {
		return nil
	}
	return &Shift{From: only(head, tail), To: only(tail, head), Jaccard: math.Round(j*100) / 100}
}

func counts(names []string, idx []int) map[string]int {
	m := map[string]int{}
	for _, i := range idx {
		m[names[i]]++
	}
	return m
}

// only lists the (at most 3) most used roots of a that are not in b.
func only(a, b map[string]int) []string {
	var out []string
	for r := range a {
		if _, ok := b[r]; !ok {
			out = append(out, r)
		}
	}
	sort.Slice(out, func(i, j int) bool {
		if a[out[i]] != a[out[j]] {
			return a[out[i]] > a[out[j]]
		}
		return out[i] < out[j]
	})
	return out[:min(3, len(out))]
}

// maxMarkers bounds the phase markers reported.
const maxMarkers = 5

// markers returns the last few phase events.
func markers(entries []Entry) []Marker {
	var out []Marker
	for _, e := range entries {
		if e.Event != "" {
			out = append(out, Marker{Event: e.Event, Tokens: e.Tok})
		}
	}
	if len(out) > maxMarkers {
		out = out[len(out)-maxMarkers:]
	}
	return out
}
