package hookio

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"runtime/debug"
	"strings"
	"time"

	"github.com/session-intelligence/session-intelligence/shared/core/config"
	"github.com/session-intelligence/session-intelligence/shared/core/fsutil"
	"github.com/session-intelligence/session-intelligence/shared/core/intellog"
	"github.com/session-intelligence/session-intelligence/shared/core/paths"
	"github.com/session-intelligence/session-intelligence/shared/core/proc"
	"github.com/session-intelligence/session-intelligence/shared/core/version"
)

// Runtime is what a handler works with.
type Runtime struct {
	Ctx      context.Context
	Event    Event
	Dirs     paths.Dirs
	Config   config.Config
	Problems []config.Problem
	Log      *intellog.Logger
	SID      string // sanitised session id; may be ""
	Getenv   func(string) string
	Now      func() time.Time
}

// Handler does one event's work and says what Claude Code should see.
type Handler func(rt *Runtime, in *Input) (Result, error)

// Main runs a hook end to end and returns the process exit code. All
// output is produced only after the handler returned, so a failure
// part-way never leaves half an answer on stdout.
func Main(event Event, env proc.IO, h Handler) int {
	dirs, err := paths.Resolve(env.Getenv)
	if err != nil && !errors.Is(err, paths.ErrForeignState) {
		return ExitOK // nowhere to log; stay invisible
	}
	log := &intellog.Logger{Dir: dirs.Logs, Source: source(event), Now: env.Now, Fallback: env.Stderr,
		Min: intellog.MinLevel(env.Getenv("CLAUDE_INTEL_DEBUG") == "1", env.Getenv("CLAUDE_INTEL_QUIET") == "1")}
	defer LogHealed(log)
	if err != nil {
		// Someone else's state directory: do nothing at all, say so once.
		log.Warnf(nil, "hook skipped: %v", err)
		return ExitOK
	}
	pol := policyFor(event)
	data, err := ReadPayload(env.Stdin, pol.MaxPayload, pol.ReadTimeout)
	if err != nil {
		log.Warnf(nil, "bad input, hook skipped: %v", err)
		return ExitOK
	}
	in, err := Decode(data)
	if err != nil {
		log.Warnf(map[string]any{"bytes": len(data)}, "bad input, hook skipped: %v", err)
		return ExitOK
	}
	rt := newRuntime(event, env, dirs, log, in)
	if err := markFired(dirs, event, rt.SID); err != nil {
		log.Debugf(nil, "record hook run: %v", err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), pol.Budget)
	defer cancel()
	rt.Ctx = ctx
	res, err := guard(rt, in, h)
	if err != nil {
		log.Errorf(nil, "%s failed open: %v", event, err)
		return ExitOK
	}
	var out, errOut bytes.Buffer
	code := Emit(event, res, in.StopHookActive, &out, &errOut)
	_, _ = env.Stdout.Write(out.Bytes())
	_, _ = env.Stderr.Write(errOut.Bytes())
	return code
}

func newRuntime(event Event, env proc.IO, dirs paths.Dirs, log *intellog.Logger, in *Input) *Runtime {
	sid := paths.SessionID(in.SessionID)
	if sid == "" {
		sid = paths.SessionID(env.Getenv("CLAUDE_CODE_SESSION_ID"))
	}
	log.SID = sid
	cfg, probs := config.Load(config.Files{Legacy: dirs.LegacyConfig(), Unified: dirs.Config()}, env.Getenv)
	log.Min = intellog.MinLevel(cfg.Debug.Enabled, cfg.Debug.Quiet)
	if len(probs) > 0 {
		msgs := make([]string, len(probs))
		for i, p := range probs {
			msgs[i] = p.Error()
		}
		log.Warnf(nil, "config: %s", strings.Join(msgs, "; "))
	}
	now := env.Now
	if now == nil {
		now = time.Now
	}
	return &Runtime{Event: event, Dirs: dirs, Config: cfg, Problems: probs, Log: log, SID: sid, Getenv: env.Getenv, Now: now}
}

// LogHealed writes one line for each damaged file this process moved
// aside ([fsutil.Healed]), the log file itself included when writing
// these lines healed it.
func LogHealed(log *intellog.Logger) {
	for range 3 {
		heals := fsutil.Healed()
		if len(heals) == 0 {
			return
		}
		for _, h := range heals {
			log.Warnf(nil, "%s", h)
		}
	}
}

// guard runs the handler and turns a panic into an error with its stack.
func guard(rt *Runtime, in *Input, h Handler) (res Result, err error) {
	defer func() {
		if r := recover(); r != nil {
			stack := strings.ReplaceAll(string(debug.Stack()), "\n", " ⏎ ")
			if len(stack) > 1500 {
				stack = stack[:1500]
			}
			err = fmt.Errorf("panic: %v [%s]", r, stack)
		}
	}()
	return h(rt, in)
}

// source names the log source of an event, e.g. "post-tool-use".
func source(e Event) string {
	var b strings.Builder
	for i, r := range string(e) {
		if r >= 'A' && r <= 'Z' {
			if i > 0 {
				b.WriteByte('-')
			}
			r += 'a' - 'A'
		}
		b.WriteRune(r)
	}
	return b.String()
}

// Run is what a hook binary's main calls: Main with the real process
// environment, or, given [CrashedFlag] and a status, the report of an
// earlier run that died (see crash.go), or its version. A hook lives for milliseconds, so
// the garbage collector is off below a memory limit well above any capped
// payload.
func Run(event Event, h Handler) int {
	env := proc.OS()
	switch {
	case version.Asked(os.Args[1:]):
		return version.Print(env.Stdout, os.Args[0])
	case len(os.Args) == 3 && os.Args[1] == CrashedFlag:
		return ReportCrash(event, os.Args[2], env)
	}
	debug.SetGCPercent(-1)
	debug.SetMemoryLimit(256 << 20)
	// A runaway recursion dies at 64 MB of stack within milliseconds,
	// not at Go's default of 1 GB after seconds; the deepest legitimate
	// stack (a decode at jsonx.MaxDepth) needs a fraction of it.
	debug.SetMaxStack(64 << 20)
	if dirs, err := paths.Resolve(env.Getenv); err == nil {
		captureCrashes(dirs.Logs, event)
	}
	testOnlyCrash(env.Getenv(TestOnlyCrashEnv))
	return Main(event, env, h)
}
