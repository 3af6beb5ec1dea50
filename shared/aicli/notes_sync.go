package aicli

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/session-intelligence/session-intelligence/shared/notes"
	"github.com/session-intelligence/session-intelligence/shared/notesync"
)

// syncTimeout bounds one `ai notes sync`.
const syncTimeout = 10 * time.Minute

// NotesSyncCmd is `ai notes sync [URL]`.
type NotesSyncCmd struct {
	URL string `arg:"" optional:"" help:"The remote, once: a git URL (ssh, https) or the path of a bare repository. Later syncs use it again."`
}

// Run pulls, merges and pushes, and says what came in and what
// conflicted.
func (c *NotesSyncCmd) Run(d *deps) error {
	ctx, cancel := context.WithTimeout(context.Background(), syncTimeout)
	defer cancel()
	url := d.remoteURL(c.URL)
	r, err := notesync.Sync(ctx, d.notesDir(), notesync.Options{URL: url, Now: d.Now})
	if err != nil {
		return fmt.Errorf("sync %s: %w", d.pretty(d.notesDir()), err)
	}
	d.printSync(r)
	if r.Added+r.Changed+r.Removed > 0 || r.Merged {
		if n, _, err := notes.Open(d.notesDir(), d.Now); err == nil {
			d.summariseLater(n)
		}
	}
	return nil
}

// remoteURL makes a path remote absolute, so that it means the same
// from the store's directory; URLs (scheme://, user@host:path) stay.
func (d *deps) remoteURL(url string) string {
	switch {
	case url == "", strings.Contains(url, "://"):
		return url
	case strings.HasPrefix(url, "~/"):
		return filepath.Join(d.Home, url[2:])
	case filepath.IsAbs(url), strings.HasPrefix(url, "."):
		return d.abs(url)
	}
	if _, err := os.Stat(d.abs(url)); err == nil {
		return d.abs(url)
	}
	return url
}

func (d *deps) printSync(r notesync.Report) {
	w := d.Stdout
	if r.Created {
		fmt.Fprintf(w, "Created the notes at %s from %s.\n", d.pretty(d.notesDir()), r.URL)
	}
	if in := r.Added + r.Changed + r.Removed; in > 0 {
		fmt.Fprintf(w, "pulled from %s: %s new, %d changed, %d removed\n", r.URL, plural(r.Added, "note"), r.Changed, r.Removed)
	} else {
		fmt.Fprintf(w, "pulled from %s: nothing new\n", r.URL)
	}
	if r.Merged {
		fmt.Fprintln(w, "merged: both sides had changes; one merge commit joins them")
	}
	if r.Pushed {
		fmt.Fprintf(w, "pushed to %s\n", r.URL)
	} else {
		fmt.Fprintln(w, "pushed: nothing, the remote had everything")
	}
	for _, n := range r.Notices {
		fmt.Fprintln(w, "note: "+n)
	}
	for _, c := range r.Conflicts {
		fmt.Fprintln(w, "conflict: "+c)
	}
	if k := len(r.Conflicts); k > 0 {
		fmt.Fprintf(w, "%s: both versions are kept; read them, keep one and edit or move the other\n", plural(k, "conflict"))
	}
}

func plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return fmt.Sprintf("%d %ss", n, word)
}
