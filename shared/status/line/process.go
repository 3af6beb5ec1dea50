package line

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/session-intelligence/session-intelligence/shared/cc/hookio"
	"github.com/session-intelligence/session-intelligence/shared/cc/wiring"
	"github.com/session-intelligence/session-intelligence/shared/core/config"
	"github.com/session-intelligence/session-intelligence/shared/core/detach"
	"github.com/session-intelligence/session-intelligence/shared/core/intellog"
	"github.com/session-intelligence/session-intelligence/shared/core/paths"
	"github.com/session-intelligence/session-intelligence/shared/core/proc"
	"github.com/session-intelligence/session-intelligence/shared/core/termtext"
	"github.com/session-intelligence/session-intelligence/shared/core/version"
)

// IO is the status line's process boundary: the process's IO, and how
// it starts a background refresher.
type IO struct {
	proc.IO
	// Spawn starts a detached background refresher with these arguments
	// (si refresh …); nil disables refreshing.
	Spawn func(args ...string)
}

// Main runs si-statusline: a redraw (or, with --unwire, the uninstaller's
// restore of the previous statusLine). A redraw always exits 0 and never
// prints an error.
func Main(args []string, env IO) int {
	if version.Asked(args) {
		return version.Print(env.Stdout, "si-statusline")
	}
	if len(args) > 0 && args[0] == "--unwire" {
		return unwireMain(env)
	}
	dirs, err := paths.Resolve(env.Getenv)
	if err != nil {
		return 0
	}
	defer hookio.LogHealed(&intellog.Logger{Dir: dirs.Logs, Source: "statusline", Now: env.Now, Min: intellog.Info})
	data, _ := hookio.ReadPayload(env.Stdin, 1<<20, time.Second)
	cfg, _ := config.Load(config.Files{Legacy: dirs.LegacyConfig(), Unified: dirs.Config()}, env.Getenv)
	rec := wiring.Load(dirs)
	chain := ChainFromEnv(env.Getenv, rec.Previous)
	chain.Timeout = time.Duration(cfg.Statusline.ChainTimeoutMs) * time.Millisecond
	if rec.Released != "" || pluginGone(dirs, rec) {
		return stepAside(env, dirs, rec, chain, data)
	}
	prev := previousAsync(chain, !chain.NoPrev, data, env.Environ())
	ours := ""
	if !chain.NoIntel {
		ours = renderSafely(Decode(data), Deps{IO: env, Dirs: dirs, Config: cfg})
	}
	if out := chain.Compose(ours, <-prev); out != "" {
		fmt.Fprintln(env.Stdout, out)
	}
	return 0
}

// previousAsync runs the user's previous status line (when run and
// there is one) while ours renders; the channel gets its sanitised
// output, "" for none. A panic on the way is an empty line too: in a
// goroutine it would end the whole process with exit status 2.
func previousAsync(chain Chain, run bool, payload []byte, environ []string) <-chan string {
	prev := make(chan string, 1)
	if chain.Previous == "" || !run {
		prev <- ""
		return prev
	}
	go func() {
		out := ""
		defer func() {
			recover()
			prev <- out
		}()
		out = runPrevious(context.Background(), chain.Previous, payload, environ, chain.Timeout)
	}()
	return prev
}

// renderSafely renders, turning a panic into an empty line.
func renderSafely(in *Input, env Deps) (out string) {
	defer func() {
		if recover() != nil {
			out = ""
		}
	}()
	return Render(in, env)
}

// Spawner returns a Spawn function that starts `si refresh …` from beside
// this executable, detached. si hands the work to si-refresh, where the
// refreshers live (git status with go-git, the quota and health fetches
// over the network), so that neither a redraw nor si links that code.
func Spawner(start func(exe string, args []string) error) func(args ...string) {
	self, err := os.Executable()
	if err != nil {
		return nil
	}
	si := filepath.Join(filepath.Dir(self), proc.Exe("si"))
	if _, err := os.Stat(si); err != nil {
		return nil
	}
	return func(args ...string) { _ = start(si, append([]string{"refresh"}, args...)) }
}

// OS is the real process's IO; background refreshers are started
// detached with detach.Start.
func OS() IO {
	return IO{IO: proc.OS(),
		Spawn: Spawner(func(exe string, args []string) error { return detach.Start(exe, args, os.Environ()) })}
}

// unwireMain restores the user's previous statusLine (uninstall.sh runs
// the installed copy with --unwire).
func unwireMain(env IO) int {
	dirs, err := paths.Resolve(env.Getenv)
	if err != nil {
		return 1
	}
	changed, err := wiring.Unwire(wiring.Options{Dirs: dirs})
	switch {
	case err != nil:
		fmt.Fprintln(env.Stdout, "si-statusline: unwire:", termtext.Line(err.Error())) // it names a path
		return 1
	case changed:
		fmt.Fprintln(env.Stdout, "si-statusline: previous statusLine restored in settings.json")
	}
	return 0
}
