package zones

import (
	"fmt"
	"os"

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

// Cached is a Learned together with the history stamp and project it was
// learned for.
type Cached struct {
	Stamp   string  `json:"stamp"`
	Cwd     string  `json:"cwd"`
	Learned Learned `json:"learned"`
}

// Resolve returns what the history at path teaches for cwd, reusing c
// when the history has not changed since; ok is false when c was stale
// and has been replaced (the caller may want to save it).
func Resolve(c Cached, path string, z config.Zones, cwd string) (Cached, bool) {
	stamp := Stamp(path)
	if c.Stamp == stamp && c.Cwd == cwd && c.Learned.Set.Red > 0 {
		return c, true
	}
	entries, _ := history.Read(path)
	return Cached{Stamp: stamp, Cwd: cwd, Learned: Learn(entries, Static(z), cwd)}, false
}
