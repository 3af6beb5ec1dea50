package config

import (
	"fmt"
	"math"
	"slices"
	"sort"
	"strings"
)

// Caps of what a configuration value may hold: a file of the right JSON
// types can still hold a separator of a megabyte, a million globs or a
// price of 1e308, and every value reaches a hook on every call.
const (
	MaxString  = 4096 // bytes of a String (or an item of Strings) unless its key says less
	MaxItems   = 256  // items of a Strings or Objects list, members of an Object
	MaxPrice   = 10_000
	maxPathLen = 4096 // a perProject key: an absolute path
)

// finite refuses NaN and the infinities, which JSON cannot spell but an
// environment variable can ("NaN", "Infinity", "1e999").
func finite(n float64) string {
	if math.IsNaN(n) || math.IsInf(n, 0) {
		return "expected a finite number, got " + num(n)
	}
	return ""
}

// checkLen refuses a string longer than the key allows.
func (k Key) checkLen(s string) string {
	limit := k.MaxLen
	if limit == 0 {
		limit = MaxString
	}
	if len(s) > limit {
		return fmt.Sprintf("is %d bytes long, over %d", len(s), limit)
	}
	return ""
}

// priceFields are the members of one price (USD per million tokens).
var priceFields = []string{"input", "output", "cache_creation", "cache_creation_1h", "cache_read"}

// checkPrices: statusline.prices is one price for every model ({input,
// output, …}) or prices keyed by model-id prefix; every figure a finite
// number from 0 to MaxPrice.
func checkPrices(m map[string]any) string {
	for _, name := range sortedKeys(m) {
		switch v := m[name].(type) {
		case float64:
			if msg := checkPrice(name, v); msg != "" {
				return msg
			}
		case map[string]any:
			for _, field := range sortedKeys(v) {
				f, ok := v[field].(float64)
				if !ok {
					return fmt.Sprintf("%s.%s: expected a number, got %s", name, field, describe(v[field]))
				}
				if msg := checkPrice(name+"."+field, f); msg != "" {
					return msg
				}
			}
		default:
			return fmt.Sprintf("%s: expected a number or an object of prices, got %s", name, describe(v))
		}
	}
	return ""
}

func checkPrice(path string, f float64) string {
	field := path[strings.LastIndexByte(path, '.')+1:]
	if !slices.Contains(priceFields, field) {
		return fmt.Sprintf("%s: unknown price (expected one of %s)", path, strings.Join(priceFields, ", "))
	}
	if msg := finite(f); msg != "" {
		return path + ": " + msg
	}
	if f < 0 || f > MaxPrice {
		return fmt.Sprintf("%s: %s is out of range [0, %d]", path, num(f), MaxPrice)
	}
	return ""
}

// healthMembers are the bounded members of one service-health probe.
var healthMembers = []Key{
	{Path: "name", Kind: String, MaxLen: 64},
	{Path: "url", Kind: String},
	{Path: "ttlSec", Kind: Int, Min: 0, Max: 86_400},
	{Path: "timeoutMs", Kind: Int, Min: 0, Max: 60_000},
}

// checkHealth checks one statusline.serviceHealth item.
func checkHealth(m map[string]any) string {
	for _, k := range healthMembers {
		if v, ok := m[k.Path]; ok {
			if msg := k.Check(v); msg != "" {
				return k.Path + ": " + msg
			}
		}
	}
	return ""
}

// perProject checks the entries of <section>.perProject: each keyed by
// an absolute path and holding keys of the section, each checked as the
// key itself is.
func perProject(section string) func(map[string]any) string {
	return func(m map[string]any) string {
		for _, root := range sortedKeys(m) {
			if len(root) > maxPathLen {
				return fmt.Sprintf("a project path is %d bytes long, over %d", len(root), maxPathLen)
			}
			entry, ok := m[root].(map[string]any)
			if !ok {
				return fmt.Sprintf("%s: expected an object, got %s", root, describe(m[root]))
			}
			if msg := checkSection(section, entry); msg != "" {
				return root + ": " + msg
			}
		}
		return ""
	}
}

// checkSection checks the members of an object standing for section
// (nested sections such as statusline.zones included) against [Keys].
func checkSection(section string, m map[string]any) string {
	for _, name := range sortedKeys(m) {
		path := section + "." + name
		if strings.HasSuffix(path, ".perProject") {
			return name + ": not allowed inside perProject"
		}
		if k, ok := Lookup(path); ok {
			if msg := k.Check(m[name]); msg != "" {
				return name + ": " + msg
			}
			continue
		}
		sub, ok := m[name].(map[string]any)
		if !isSection(path) || !ok {
			return name + ": unknown key"
		}
		if msg := checkSection(path, sub); msg != "" {
			return name + "." + msg
		}
	}
	return ""
}

func sortedKeys(m map[string]any) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

func init() {
	// Set here rather than in the table: the checks look keys up in it.
	for i, k := range Keys {
		if section, ok := strings.CutSuffix(k.Path, ".perProject"); ok {
			Keys[i].Members = perProject(section)
		}
	}
}
