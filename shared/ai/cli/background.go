package cli

import (
	"fmt"
	"runtime"
	"strings"
	"time"

	"github.com/session-intelligence/session-intelligence/shared/ai/summarise"
	"github.com/session-intelligence/session-intelligence/shared/core/fsutil"
	"github.com/session-intelligence/session-intelligence/shared/core/proc"
)

// bgState is what became of the background run a command asked for,
// so that what the command prints about it is true.
type bgState int

const (
	// bgStarted: started now, or one already waiting will see the work.
	bgStarted bgState = iota
	// bgResting: the last run failed lately; none starts before retry.
	bgResting
	// bgOff: background work is off, or cannot be started from here.
	bgOff
	// bgNoSummariser: the summariser's command is not to be found.
	bgNoSummariser
)

// bgStatus is a bgState and what its message needs.
type bgStatus struct {
	state         bgState
	failed, retry time.Time // bgResting
	why           string    // bgOff, bgNoSummariser
	// started is set when this command started the run (bgStarted), not
	// one found waiting: it calls a model, and the command says so.
	started bool
}

// background decides whether b's background run may start now, and
// why not: the environment allows it, a summariser is there to run, the
// last run did not fail within [foldRetryAfter], and none is already
// waiting (it will see the work: bgStarted with nothing to start).
func (d *deps) background(b builder) (st bgStatus, start bool) {
	switch {
	case d.Getenv("AI_NO_BACKGROUND") == "1":
		return bgStatus{state: bgOff, why: "AI_NO_BACKGROUND=1"}, false
	case !d.Settings.Summariser.Background:
		return bgStatus{state: bgOff, why: "[summariser] background = false"}, false
	case d.Getenv("AI_SUMMARISER") != "":
		return bgStatus{state: bgOff, why: "this runs inside the summariser"}, false
	case d.Spawn == nil:
		return bgStatus{state: bgOff, why: "this ai cannot start itself"}, false
	}
	if why := d.noSummariser(); why != "" {
		return bgStatus{state: bgNoSummariser, why: why}, false
	}
	if at, ok := b.failedAt(d.Now()); ok {
		return bgStatus{state: bgResting, failed: at, retry: at.Add(foldRetryAfter)}, false
	}
	return bgStatus{state: bgStarted}, !summarise.Queued(b.gitDir, b.lock)
}

// noSummariser says why no summary can be written here, "" when one
// can: the backend's command must be on PATH (a summariser the
// environment brings always can).
func (d *deps) noSummariser() string {
	if d.Env.Summariser != nil {
		return ""
	}
	// Windows finds claude.exe (the native install) or claude.cmd (npm's
	// shim) for "claude"; elsewhere the file needs an execute bit.
	names := []string{proc.Exe("claude")}
	if runtime.GOOS == "windows" {
		names = append(names, "claude.cmd")
	}
	if proc.InPath(d.Getenv("PATH"), "", names...) {
		return ""
	}
	return fmt.Sprintf("the summariser, claude ([summariser] backend = %q), is not on PATH", d.Settings.Summariser.Backend)
}

// failedAt is when the last run failed, when that was less than
// [foldRetryAfter] before now.
func (b builder) failedAt(now time.Time) (time.Time, bool) {
	data, err := fsutil.ReadCapped(b.failedPath(), 64)
	if err != nil {
		return time.Time{}, false
	}
	at, err := time.Parse(time.RFC3339Nano, strings.TrimSpace(string(data)))
	if err != nil || now.Sub(at) >= foldRetryAfter || !now.After(at.Add(-time.Minute)) {
		return time.Time{}, false
	}
	return at, true
}

// say is what becomes of the waiting work, the end of the line a view
// prints about it: that a run of the background job ("fold", "summary
// build") is under way, or why not and what to run: cmd does the work
// now, later is what starts the job again after a failure, log the log
// beside the store.
func (st bgStatus) say(d *deps, job, cmd, later, log string) string {
	clock := func(t time.Time) string { return t.In(d.Now().Location()).Format("15:04") }
	switch st.state {
	case bgStarted:
		return fmt.Sprintf("a %s runs in the background (a model call: %s; %s waits for it)", job, d.modelCmd(), cmd)
	case bgResting:
		return fmt.Sprintf("the last %s failed at %s (see %s); %s after %s starts another, or run %s now",
			job, clock(st.failed), d.pretty(log), later, clock(st.retry), cmd)
	case bgNoSummariser:
		return fmt.Sprintf("%s; install Claude Code, then run %s", st.why, cmd)
	}
	return fmt.Sprintf("background work is off (%s); run %s", st.why, cmd)
}

// modelCmd is the model call a summary makes, as the user would run it.
func (d *deps) modelCmd() string {
	return "claude -p --model " + d.Settings.Summariser.Model
}

// startedSays is the line a command prints when it started a background
// run (job: "fold of older notes"): that it calls a model on the user's
// account, which, and the setting that turns such runs off; "" when it
// started none.
func (d *deps) startedSays(st bgStatus, job string) string {
	if !st.started {
		return ""
	}
	return fmt.Sprintf("# a %s started in the background: a model call on your Claude Code account (%s); [summariser] background = false in ~/.ai/ai.toml turns these off\n", job, d.modelCmd())
}
