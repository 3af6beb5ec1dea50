package cli

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"time"

	"github.com/session-intelligence/session-intelligence/shared/core/paths"
	"github.com/session-intelligence/session-intelligence/shared/intel/archive"
	"github.com/session-intelligence/session-intelligence/shared/intel/session"
)

// ExpandCmd is `si expand <tool_use_id> | --list | --prune`.
type ExpandCmd struct {
	ID      string `arg:"" optional:"" help:"tool_use_id of the archived response."`
	List    bool   `help:"List the archive of a session (this one, else the most recent)." xor:"mode"`
	Prune   bool   `help:"Delete archives and session state older than toolArchive.ttlDays now." xor:"mode"`
	Session string `help:"Session id (default: $CLAUDE_CODE_SESSION_ID, else search every session)."`
}

// Run dispatches on the mode.
func (c *ExpandCmd) Run(d *deps) error {
	switch {
	case c.Prune:
		return c.prune(d)
	case c.List:
		return c.list(d)
	case c.ID == "":
		return errors.New("expand: give a tool_use_id, --list or --prune")
	}
	return c.show(d)
}

func (c *ExpandCmd) show(d *deps) error {
	store, err := c.find(d, c.ID)
	if err != nil {
		return err
	}
	rec, err := store.Load(c.ID)
	if err != nil {
		return fmt.Errorf("expand %s: %w", c.ID, err)
	}
	at := time.UnixMilli(rec.T).UTC().Format(time.RFC3339)
	fmt.Fprintf(d.Stdout, "# tool-archive expand: id=%s tool=%s chars=%d at=%s session=%s\n", rec.ID, rec.Tool, rec.Chars, at, rec.SID)
	if len(rec.ToolInput) > 0 {
		fmt.Fprintf(d.Stdout, "# input=%s\n", rec.ToolInput)
	}
	fmt.Fprintln(d.Stdout, archive.Render(rec.Response))
	return nil
}

// find locates the store holding id: the given or current session first,
// then every session, newest first.
func (c *ExpandCmd) find(d *deps, id string) (archive.Store, error) {
	clean := paths.SessionID(id)
	for _, sid := range c.candidates(d) {
		store := archive.Store{Dir: session.Dir(d.Dirs.Session(sid)).ArchiveDir(), SID: sid}
		if _, err := os.Stat(filepath.Join(store.Dir, clean+".json")); err == nil {
			return store, nil
		}
	}
	return archive.Store{}, fmt.Errorf("expand: no archived response %q (archives last toolArchive.ttlDays=%d days; see si expand --list)", id, d.Config.Archive.TTLDays)
}

// candidates lists session ids to search, most likely first.
func (c *ExpandCmd) candidates(d *deps) []string {
	var out []string
	for _, s := range []string{c.Session, d.Getenv("CLAUDE_CODE_SESSION_ID")} {
		if sid := paths.SessionID(s); sid != "" {
			out = append(out, sid)
		}
	}
	if c.Session != "" {
		return out
	}
	return append(out, sessionsByAge(d.Dirs.Sessions())...)
}

// sessionsByAge lists session directories, most recently used first.
func sessionsByAge(root string) []string {
	entries, _ := os.ReadDir(root)
	type aged struct {
		name string
		mod  time.Time
	}
	var list []aged
	for _, e := range entries {
		if fi, err := e.Info(); err == nil && e.IsDir() {
			list = append(list, aged{e.Name(), fi.ModTime()})
		}
	}
	sort.Slice(list, func(i, j int) bool { return list[i].mod.After(list[j].mod) })
	out := make([]string, len(list))
	for i, a := range list {
		out[i] = a.name
	}
	return out
}
