package configedit

import (
	"bytes"
	"fmt"
	"slices"
	"strings"

	"github.com/session-intelligence/session-intelligence/shared/core/config"
)

// Verify loads the edited document the way the hooks will (over the
// legacy file) and refuses what they would ignore in the keys being
// changed: a value the loader rejects, or zones out of order, which the
// hooks replace with the defaults.
func Verify(legacy, next []byte, name string, keys []string) error {
	cfg := config.Default()
	if len(legacy) > 0 {
		config.Merge(&cfg, bytes.NewReader(legacy), "legacy", "statusline")
	}
	for _, p := range config.Merge(&cfg, bytes.NewReader(next), name, "") {
		if p.Key == "" || touches(keys, p.Key) {
			return fmt.Errorf("%s: %s: %s", p.File, p.Key, strings.TrimSuffix(p.Msg, "; default used"))
		}
	}
	if touches(keys, "statusline.zones") {
		z := cfg.Statusline.Zones
		if !(z.Yellow < z.Orange && z.Orange < z.Red) {
			return fmt.Errorf("%s: statusline.zones: yellow %d < orange %d < red %d does not hold; zones out of order are ignored", name, z.Yellow, z.Orange, z.Red)
		}
	}
	return nil
}

// touches reports whether path is one of keys, a section holding one of
// them, or inside one of them.
func touches(keys []string, path string) bool {
	return slices.ContainsFunc(keys, func(k string) bool {
		return k == path || strings.HasPrefix(k, path+".") || strings.HasPrefix(path, k+".")
	})
}

// Changed lists the keys, among keys, whose value as read from the files
// (legacy, then unified; the environment aside) differs between the old
// and the next unified document.
func Changed(legacy, old, next []byte, keys []string) []string {
	load := func(doc []byte) map[string]any {
		cfg := config.Default()
		if len(legacy) > 0 {
			config.Merge(&cfg, bytes.NewReader(legacy), "legacy", "statusline")
		}
		config.Merge(&cfg, bytes.NewReader(doc), "config", "")
		return tree(cfg)
	}
	before, after := load(old), load(next)
	var out []string
	for _, k := range keys {
		if config.Format(walk(before, k)) != config.Format(walk(after, k)) {
			out = append(out, k)
		}
	}
	return out
}
