package statusline

import (
	"context"
	"net/http"
	"path/filepath"
	"runtime"
	"syscall"
	"time"

	"github.com/session-intelligence/session-intelligence/shared/config"
	"github.com/session-intelligence/session-intelligence/shared/gitinfo"
	"github.com/session-intelligence/session-intelligence/shared/health"
	"github.com/session-intelligence/session-intelligence/shared/lock"
	"github.com/session-intelligence/session-intelligence/shared/paths"
	"github.com/session-intelligence/session-intelligence/shared/quota"
)

// gitBudget bounds one background git status computation.
const gitBudget = 20 * time.Second

// refreshMain runs a background refresher: --refresh git ROOT.
func refreshMain(args []string, env IO) int {
	dirs, err := paths.Resolve(env.Getenv)
	if err != nil || len(args) == 0 {
		return 0
	}
	_ = syscall.Setpriority(syscall.PRIO_PROCESS, 0, 10) // background work yields to the session
	cfg, _ := config.Load(config.Files{Legacy: dirs.LegacyConfig(), Unified: dirs.Config()}, env.Getenv)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	switch args[0] {
	case "git":
		if len(args) == 2 {
			refreshGit(dirs, args[1], env.Now)
		}
	case "quota":
		_ = quota.Refresh(ctx, dirs.Cache(), quota.Options{Endpoint: cfg.Statusline.UsageEndpoint,
			CredentialsPath: quota.CredentialsPath(dirs.Claude), Keychain: keychain()}, env.Now())
	case "health":
		r := &redraw{cfg: cfg.Statusline}
		_ = health.Refresh(ctx, dirs.Cache(), r.services(), &http.Client{}, env.Now())
	}
	return 0
}

// keychain reads Claude Code's credentials from the macOS keychain; other
// systems keep them in ~/.claude/.credentials.json only.
func keychain() func(context.Context) ([]byte, error) {
	if runtime.GOOS == "darwin" {
		return quota.ReadKeychain
	}
	return quota.NoKeychain
}

// refreshGit computes and caches one repository's status, one refresher
// per repository at a time.
func refreshGit(dirs paths.Dirs, root string, now func() time.Time) {
	d, ok := gitinfo.Find(filepath.Clean(root))
	if !ok {
		return
	}
	path := gitinfo.CachePath(dirs.Cache(), d.Root)
	_ = lock.With(path+".lock", 10*time.Millisecond, func() error {
		ctx, cancel := context.WithTimeout(context.Background(), gitBudget)
		defer cancel()
		st, err := gitinfo.Compute(ctx, d)
		if err != nil {
			st.Err = err.Error()
		}
		st.At = now().Unix()
		return gitinfo.Save(path, st)
	})
}
