// Package full is `si refresh` (the si-refresh binary): the
// background work the status line and the hooks start detached, so that
// a redraw never waits on git or the network. It lives apart from `si`
// because go-git and net/http would slow down every other si start.
package full

import (
	"context"
	"errors"
	"net/http"
	"os"
	"path/filepath"
	"runtime"
	"time"

	"github.com/session-intelligence/session-intelligence/shared/core/gitinfo"
	"github.com/session-intelligence/session-intelligence/shared/core/gitinfo/full"
	"github.com/session-intelligence/session-intelligence/shared/core/intellog"
	"github.com/session-intelligence/session-intelligence/shared/core/lock"
	"github.com/session-intelligence/session-intelligence/shared/core/proc"
	"github.com/session-intelligence/session-intelligence/shared/intel/bootstrap"
	probe "github.com/session-intelligence/session-intelligence/shared/status/health/full"
	"github.com/session-intelligence/session-intelligence/shared/status/line"
	"github.com/session-intelligence/session-intelligence/shared/status/quota/endpoint"
	fetch "github.com/session-intelligence/session-intelligence/shared/status/quota/full"
)

// CLI is `si refresh git ROOT|quota|health`. Each kind runs at most once
// at a time.
type CLI struct {
	Kind string `arg:"" enum:"git,quota,health" help:"What to refresh: git, quota or health."`
	Root string `arg:"" optional:"" help:"Repository root (for git)."`
}

// refreshBudget bounds one refresher run.
const refreshBudget = 30 * time.Second

// Run does the refresh; failures are recorded in the caches, not printed.
func (c *CLI) Run(d *deps) error {
	proc.LowerPriority() // yield to the session
	ctx, cancel := context.WithTimeout(context.Background(), refreshBudget)
	defer cancel()
	switch c.Kind {
	case "git":
		return refreshGit(ctx, d, c.Root)
	case "quota":
		refreshQuota(ctx, d)
	case "health":
		_ = probe.Refresh(ctx, d.Dirs.Cache(), line.Services(d.Config.Statusline.ServiceHealth), &http.Client{}, d.Now())
	}
	return nil
}

// refreshQuota asks the usage endpoint. A refused endpoint is written to
// the log (si doctor names it too), since the cache only keeps its kind.
func refreshQuota(ctx context.Context, d *deps) {
	systemRootsOnly()
	err := fetch.Refresh(ctx, d.Dirs.Cache(), fetch.Options{Endpoint: d.Config.Statusline.UsageEndpoint,
		CredentialsPath: fetch.CredentialsPath(d.Dirs.Claude), Keychain: keychain()}, d.Now())
	if errors.Is(err, endpoint.ErrRefused) {
		log := &intellog.Logger{Dir: d.Dirs.Logs, Source: "si-refresh", Now: d.Now, Min: intellog.Info}
		log.Warnf(nil, "%v", err)
	}
}

// systemRootsOnly makes this process trust the system's certificate
// store alone: Go reads SSL_CERT_FILE and SSL_CERT_DIR once, at the first
// TLS handshake, and a repository's settings can set both (with
// HTTPS_PROXY, a proxy that reads the token). Only the quota refresher,
// a process of its own, does this.
func systemRootsOnly() {
	_ = os.Unsetenv("SSL_CERT_FILE")
	_ = os.Unsetenv("SSL_CERT_DIR")
}

// refreshGit computes and caches one repository's status with go-git;
// a refresher already working on the same repository wins.
func refreshGit(ctx context.Context, d *deps, root string) error {
	g, ok := gitinfo.Find(filepath.Clean(root))
	if !ok {
		return nil
	}
	path := gitinfo.CachePath(d.Dirs.Cache(), g.Root)
	return lock.With(path+".lock", 10*time.Millisecond, func() error {
		// A CLAUDE.md changed only by the rules block is the plugin's
		// doing, not work in flight: the status line, the resume and the
		// guidance leave it out.
		st, err := full.Compute(ctx, g, full.Options{OwnName: "CLAUDE.md", Own: bootstrap.OnlyOurBlock})
		if err != nil {
			st.Err = err.Error()
		}
		st.At = d.Now().Unix()
		return gitinfo.Save(path, st)
	})
}

// keychain reads Claude Code's credentials from the macOS keychain; other
// systems keep them in ~/.claude/.credentials.json only.
func keychain() func(context.Context) ([]byte, error) {
	if runtime.GOOS == "darwin" {
		return fetch.ReadKeychain
	}
	return fetch.NoKeychain
}
