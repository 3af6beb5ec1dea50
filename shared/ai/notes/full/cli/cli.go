// Package cli is the ai-sync binary, which carries out
// `ai notes sync`. Syncing links go-git's network transports (ssh,
// https, their crypto), which would make every other `ai` run start
// slower, so `ai` hands the work to this sibling with the store and the
// remote already resolved:
//
//	ai-sync --store DIR [--timeout D] [URL]
package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"time"

	"golang.org/x/term"

	"github.com/session-intelligence/session-intelligence/shared/ai/notes/full"
	"github.com/session-intelligence/session-intelligence/shared/ai/settings"
	"github.com/session-intelligence/session-intelligence/shared/core/lock"
	"github.com/session-intelligence/session-intelligence/shared/core/paths"
	"github.com/session-intelligence/session-intelligence/shared/core/proc"
	"github.com/session-intelligence/session-intelligence/shared/core/version"
)

// DefaultTimeout bounds one sync unless --timeout says otherwise: under
// the two minutes after which Claude Code's Bash tool stops a command,
// so that a sync run there stops on its own and says where it was.
const DefaultTimeout = 100 * time.Second

// Main runs ai-sync with args (without the program name) and returns the
// exit code: 0 success, 1 failure, 2 usage error. Errors are printed as
// `ai` prints its own.
func Main(args []string, env proc.IO) int {
	if version.Asked(args) {
		return version.Print(env.Stdout, "ai-sync")
	}
	fs := flag.NewFlagSet("ai-sync", flag.ContinueOnError)
	fs.SetOutput(env.Stderr)
	store := fs.String("store", "", "the notes' directory, absolute")
	limit := fs.Duration("timeout", DefaultTimeout, "stop the sync after this long")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if *store == "" || fs.NArg() > 1 || *limit <= 0 {
		fmt.Fprintln(env.Stderr, "usage: ai-sync --store DIR [--timeout D] [URL] (run it as ai notes sync)")
		return 2
	}
	home := paths.Home(env.Getenv)
	dir := settings.Pretty(*store, home)
	lock.ReportWaits(func(w lock.Wait) {
		fmt.Fprintf(env.Stderr, "ai: sync %s: %s\n", dir, w.Message(settings.Pretty(w.Path, home)))
	})
	defer lock.ReportWaits(nil)
	ctx, cancel := context.WithTimeout(context.Background(), *limit)
	defer cancel()
	p := newProgress(env.Stderr, env.Clock())
	r, err := full.Sync(ctx, *store, full.Options{URL: fs.Arg(0), Now: env.Now, Progress: p.show})
	p.clear()
	if err != nil {
		fmt.Fprintf(env.Stderr, "ai: sync %s: %v\n", dir, explain(err, p.phase, *limit))
		return 1
	}
	printReport(env.Stdout, r, dir)
	return 0
}

// explain turns the end of the time limit, in phase, into what it left.
func explain(err error, phase string, limit time.Duration) error {
	if !errors.Is(err, context.DeadlineExceeded) {
		return err
	}
	left := map[string]string{
		"writing": "the notes moved to the merged version; the next ai notes command finishes writing their files",
		"pushing": "the notes here are synced; the remote does not have them yet",
	}[phase]
	if left == "" {
		left = "nothing was changed"
	}
	if phase == "" {
		phase = "starting"
	}
	return fmt.Errorf("stopped at the time limit of %v while %s: %s; run it again, with a longer --timeout if it keeps stopping (%w)", limit, phase, left, err)
}

// printReport says what a sync of the store shown as dir did.
func printReport(w io.Writer, r full.Report, dir string) {
	if r.Created {
		fmt.Fprintf(w, "Created the notes at %s from %s.\n", dir, r.URL)
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

// isTerminal reports whether w is a terminal.
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}
