package cli

import (
	"context"
	"fmt"
	"os"
	"text/tabwriter"
	"time"

	"github.com/session-intelligence/session-intelligence/shared/intel/archive"
	"github.com/session-intelligence/session-intelligence/shared/intel/session"
)

func (c *ExpandCmd) list(d *deps) error {
	for _, sid := range c.candidates(d) {
		store := archive.Store{Dir: session.Dir(d.Dirs.Session(sid)).ArchiveDir(), SID: sid}
		entries, err := store.List()
		if err != nil || len(entries) == 0 {
			continue
		}
		fmt.Fprintf(d.Stdout, "# session %s: %d archived responses (oldest first)\n", sid, len(entries))
		tw := tabwriter.NewWriter(d.Stdout, 0, 0, 2, ' ', 0)
		for _, e := range entries {
			at := time.UnixMilli(e.T).Local().Format("01-02 15:04")
			fmt.Fprintf(tw, "%s\t%s\t%s\t%d\t%s\n", e.ID, at, e.Tool, e.Chars, e.Preview)
		}
		return tw.Flush()
	}
	fmt.Fprintln(d.Stdout, "no archived responses")
	return nil
}

func (c *ExpandCmd) prune(d *deps) error {
	lim := archive.Limits{MaxPerSession: d.Config.Archive.MaxPerSession, TTL: time.Duration(d.Config.Archive.TTLDays) * 24 * time.Hour}
	now := d.Now()
	removed := 0
	entries, _ := os.ReadDir(d.Dirs.Sessions())
	for _, e := range entries {
		if !e.IsDir() {
			continue
		}
		n, err := pruneSession(session.Dir(d.Dirs.Session(e.Name())), e.Name(), now, lim)
		removed += n
		if err != nil {
			fmt.Fprintf(d.Stderr, "si: prune %s: %v\n", e.Name(), err)
		}
	}
	sessions, err := session.Sweep(d.Dirs.Sessions(), lim.TTL, 0, now)
	if err != nil {
		return fmt.Errorf("prune: %w", err)
	}
	fmt.Fprintf(d.Stdout, "pruned %d archived responses and %d stale sessions (older than %d days)\n", removed, sessions, d.Config.Archive.TTLDays)
	return nil
}

// pruneSession prunes one session's archive under its lock.
func pruneSession(dir session.Dir, sid string, now time.Time, lim archive.Limits) (int, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	removed := 0
	err := dir.Locked(ctx, func() error {
		n, err := archive.Store{Dir: dir.ArchiveDir(), SID: sid}.Prune(now, lim)
		removed = n
		if os.IsNotExist(err) {
			return nil
		}
		return err
	})
	return removed, err
}
