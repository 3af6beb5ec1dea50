package cli

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"github.com/session-intelligence/session-intelligence/shared/ai/notes"
	"github.com/session-intelligence/session-intelligence/shared/core/proc"
	"github.com/session-intelligence/session-intelligence/shared/core/termtext"
)

// syncBinary carries out `ai notes sync`: it links go-git's network
// transports, which would slow every other `ai` run's start.
const syncBinary = "ai-sync"

// NotesSyncCmd is `ai notes sync [URL]`.
type NotesSyncCmd struct {
	URL     string        `arg:"" optional:"" help:"The remote, once: a git URL (ssh, https) or the path of a bare repository. Later syncs use it again."`
	Timeout time.Duration `help:"Stop the sync after this long (default 100s, under the 2 minutes of Claude Code's Bash tool)."`
}

// Run hands the store and the remote to ai-sync, which pulls, merges,
// pushes and says what came in and what conflicted; when the store
// moved, the topic summaries are brought up to date in the background.
func (c *NotesSyncCmd) Run(d *deps) error {
	dir := d.notesDir()
	before := notesHead(d, dir)
	args := []string{"--store", dir}
	if c.Timeout > 0 {
		args = append(args, "--timeout", c.Timeout.String())
	}
	if url := d.remoteURL(c.URL); url != "" {
		args = append(args, "--", url) // a URL is never taken for a flag
	}
	if err := d.runSibling(syncBinary, args); err != nil {
		return err
	}
	if n, _, err := notes.Open(dir, d.Now); err == nil && notesHead(d, dir) != before {
		fmt.Fprint(d.Stdout, d.startedSays(d.summariseLater(n), "summary of the topics the sync changed"))
	}
	return nil
}

// notesHead is the store's newest commit, "" when there is none.
func notesHead(d *deps, dir string) string {
	n, _, err := notes.Open(dir, d.Now)
	if err != nil {
		return ""
	}
	h, _ := n.Store().Head()
	return h
}

// runSibling runs a companion binary with this run's streams and
// environment; its own message already names what failed, so a failure
// is reported as silent with its exit status.
func (d *deps) runSibling(name string, args []string) error {
	look := proc.IO{Getenv: d.Getenv, Look: exec.LookPath}
	path, err := look.Sibling(name)
	if err != nil {
		return fmt.Errorf("%s %w; reinstall session-intelligence", name, err)
	}
	cmd := exec.Command(path, args...)
	// The sibling cleans its own output, and may need the terminal.
	cmd.Stdin, cmd.Stdout, cmd.Stderr, cmd.Dir = d.Stdin, termtext.Underlying(d.Stdout), termtext.Underlying(d.Stderr), d.Cwd
	err = cmd.Run()
	var ee *exec.ExitError
	if errors.As(err, &ee) && ee.ExitCode() > 0 {
		return errSilent
	}
	if err != nil {
		return fmt.Errorf("run %s: %w", name, err)
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
