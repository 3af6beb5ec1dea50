package cli

import (
	"bytes"
	"fmt"
	"slices"
	"strings"

	"github.com/session-intelligence/session-intelligence/shared/core/config"
	"github.com/session-intelligence/session-intelligence/shared/core/humanize"
	"github.com/session-intelligence/session-intelligence/shared/intel/zones"
)

// zonesWarn says, for a change that touches statusline.zones, which
// zones it leaves in force here and warns of each warning band that would
// start at or past the point where Claude Code compacts by itself (for
// this directory and its newest session's window): Claude Code compacts
// first, so that warning never comes. It runs for the preview, before
// the YES, and again after the write.
func zonesWarn(d *deps, legacy, next []byte, keys []string) {
	if !slices.ContainsFunc(keys, func(k string) bool { return strings.HasPrefix(k, "statusline.zones") }) {
		return
	}
	cfg := config.Default()
	if len(legacy) > 0 {
		_ = config.Merge(&cfg, bytes.NewReader(legacy), "legacy", "statusline")
	}
	_ = config.Merge(&cfg, bytes.NewReader(next), "config", "")
	comp := d.compactionsWith(cfg)
	fmt.Fprintf(d.Stdout, "Zones here with this: %s.\n", comp.Zones.Why(comp.Point))
	past := comp.Zones.PastPoint()
	if len(past) == 0 {
		return
	}
	var at []string
	for _, name := range past {
		at = append(at, fmt.Sprintf("%s %s", name, humanize.Tokens(border(comp.Zones, name))))
	}
	fmt.Fprintf(d.Stdout, "Warning: %s would start at or past %s: Claude Code compacts first, so %s. Lower the zones you set, or set %s below it.\n",
		strings.Join(at, " and "), zones.PointText(comp.Point), thoseWarnings(past), theseOrThis(past))
}

// border is the named zone's start in s.
func border(s zones.Set, name string) int64 {
	switch name {
	case "yellow":
		return s.Yellow
	case "orange":
		return s.Orange
	}
	return s.Red
}

func thoseWarnings(names []string) string {
	if len(names) == 1 {
		return "that warning never comes"
	}
	return "those warnings never come"
}

func theseOrThis(names []string) string {
	if len(names) == 1 {
		return "it"
	}
	return "these"
}
