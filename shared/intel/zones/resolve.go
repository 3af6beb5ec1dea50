package zones

import (
	"fmt"
	"os"

	"github.com/session-intelligence/session-intelligence/shared/cc/autocompact"
	"github.com/session-intelligence/session-intelligence/shared/core/config"
	"github.com/session-intelligence/session-intelligence/shared/intel/history"
)

// Stamp identifies a version of the history file (modification time and
// size), so that what was learned from it can be cached until it changes.
func Stamp(path string) string {
	fi, err := os.Stat(path)
	if err != nil {
		return "none"
	}
	return fmt.Sprintf("%d-%d", fi.ModTime().UnixNano(), fi.Size())
}

// Cached is a Learned together with the history stamp, project and
// compaction point it was learned for.
type Cached struct {
	Stamp   string  `json:"stamp"`
	Cwd     string  `json:"cwd"`
	Point   int64   `json:"point,omitempty"`
	User    string  `json:"user,omitempty"` // the configuration's zones it was made for, "" when none are set
	Learned Learned `json:"learned"`
}

// Resolve returns the zones in force for cwd: the user's when the
// configuration sets them (they win over everything), else what the
// history at path teaches around the zones of the compaction point pt,
// reusing c when neither the history nor the point changed; ok is false
// when c was stale and has been replaced (the caller may want to save
// it).
func Resolve(c Cached, path string, z config.Zones, pt autocompact.Point, cwd string) (Cached, bool) {
	if y, o, r := z.Custom(); z.UserSet && y && o && r {
		set := Static(z)
		if !pt.Off {
			set.Compact = pt.Threshold
		}
		set.User = []string{"yellow", "orange", "red"}
		return Cached{Cwd: cwd, Point: pt.Threshold, Learned: Learned{Set: set}}, true
	}
	user := ""
	if z.UserSet {
		user = fmt.Sprintf("%d/%d/%d", z.Yellow, z.Orange, z.Red)
	}
	base := Base(pt)
	stamp := Stamp(path)
	if c.Stamp == stamp && c.Cwd == cwd && c.Point == base.Compact && c.User == user && c.Learned.Set.Red > 0 {
		return c, true
	}
	entries, _ := history.Read(path)
	learned := Learn(entries, base, cwd)
	if z.UserSet {
		learned.Set = learned.Set.Override(z)
	}
	return Cached{Stamp: stamp, Cwd: cwd, Point: base.Compact, User: user, Learned: learned}, false
}
