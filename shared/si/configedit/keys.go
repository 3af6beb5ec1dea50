// Package configedit is the logic behind the `si` configuration commands:
// it resolves the names users type (dotted keys, sections, friendly
// labels), parses values, works out where each effective value comes
// from, plans edits of session-intelligence.json as byte-preserving
// changes, renders unified diffs and the `si config` form. It does no
// I/O: callers pass file contents in and write what it returns.
package configedit

import (
	"fmt"
	"slices"
	"strings"

	"github.com/session-intelligence/session-intelligence/shared/core/config"
)

// maxName caps the names compared by edit distance (quadratic cost).
const maxName = 200

// Resolve returns the key with the dotted path name, or an error that
// names the nearest key.
func Resolve(name string) (config.Key, error) {
	if k, ok := config.Lookup(name); ok {
		return k, nil
	}
	if IsSection(name) {
		return config.Key{}, fmt.Errorf("%s: a section, not a key; its keys: %s", name, strings.Join(SectionKeys(name), ", "))
	}
	return config.Key{}, unknown(name)
}

// unknown is the error for a name that is neither key nor section.
func unknown(name string) error {
	if near := Nearest(name, true); near != "" {
		return fmt.Errorf("%s: unknown key; did you mean %s?", name, near)
	}
	return fmt.Errorf("%s: unknown key", name)
}

// IsSection reports whether name is a dotted prefix of some key, such as
// "compact" or "statusline.zones".
func IsSection(name string) bool {
	return name != "" && len(SectionKeys(name)) > 0
}

// SectionKeys lists the keys under a section, in table order.
func SectionKeys(name string) []string {
	var out []string
	for _, k := range config.Keys {
		if strings.HasPrefix(k.Path, name+".") {
			out = append(out, k.Path)
		}
	}
	return out
}

// Sections lists the top-level sections in table order.
func Sections() []string {
	var out []string
	for _, k := range config.Keys {
		top, _, _ := strings.Cut(k.Path, ".")
		if !slices.Contains(out, top) {
			out = append(out, top)
		}
	}
	return out
}

// Nearest returns the key path (or, with sections, also the section)
// closest to name by edit distance, ignoring case and comparing against
// the whole path and its last segment (so "treshold" finds
// compact.threshold); "" when nothing is close.
func Nearest(name string, sections bool) string {
	name = strings.ToLower(name[:min(len(name), maxName)])
	cands := make([]string, 0, len(config.Keys)+16)
	for _, k := range config.Keys {
		cands = append(cands, k.Path)
		for i, c := range k.Path {
			if c == '.' && sections && !slices.Contains(cands, k.Path[:i]) {
				cands = append(cands, k.Path[:i])
			}
		}
	}
	best, bestDist := "", -1
	for _, c := range cands {
		p := strings.ToLower(c)
		d := distance(name, p)
		if i := strings.LastIndexByte(p, '.'); i >= 0 {
			d = min(d, distance(name, p[i+1:])+1)
		}
		if bestDist < 0 || d < bestDist {
			best, bestDist = c, d
		}
	}
	if bestDist > max(3, len(name)/3) {
		return "" // nothing close: a guess would only mislead
	}
	return best
}

// distance is the Levenshtein distance between a and b, by bytes (keys
// are ASCII).
func distance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}
