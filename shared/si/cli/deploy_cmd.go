package cli

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"

	"github.com/aymanbagabas/go-udiff"

	"github.com/session-intelligence/session-intelligence/shared/cc/managed"
	"github.com/session-intelligence/session-intelligence/shared/core/fsutil"
)

// DeployCmd groups the fleet deployments.
type DeployCmd struct {
	Managed DeployManagedCmd `cmd:"" help:"Write (or print) the managed-settings.d fragment that installs the plugin for every user of a machine."`
}

// DeployManagedCmd is `si deploy managed --prefix ABS_PATH`.
type DeployManagedCmd struct {
	Prefix      string `required:"" placeholder:"ABS_PATH" help:"Absolute install prefix; the marketplace is PREFIX/share/session-intelligence/plugins."`
	Marketplace string `placeholder:"DIR" help:"Use this marketplace folder instead of the one under --prefix."`
	OS          string `name:"os" enum:"linux,darwin,windows," default:"" help:"Platform whose managed-settings location to use (default: this one)."`
	Dir         string `placeholder:"DIR" help:"Managed-settings directory (default: the platform's, e.g. /etc/claude-code)."`
	Yes         bool   `help:"Write the fragment (needs write access to the managed directory, usually root)."`
}

// Run prints the fragment and where it goes, and writes it with --yes.
func (c *DeployManagedCmd) Run(d *deps) error {
	goos := managed.OS(c.OS)
	if goos == "" {
		goos = managed.OS(runtime.GOOS)
	}
	dir := c.Dir
	if dir == "" {
		var err error
		if dir, err = managed.Dir(goos); err != nil {
			return fmt.Errorf("deploy managed: %w", err)
		}
	}
	if err := managed.CheckAbs(goos, c.Prefix); err != nil {
		return fmt.Errorf("deploy managed: %w", err)
	}
	mkt := c.Marketplace
	if mkt == "" {
		mkt = managed.MarketplaceDir(goos, c.Prefix)
	} else if err := managed.CheckAbs(goos, mkt); err != nil {
		return fmt.Errorf("deploy managed: --marketplace: %w", err)
	}
	target := managed.FragmentPath(goos, dir)
	frag := managed.Fragment(mkt)
	local := goos == managed.OS(runtime.GOOS)
	if local {
		c.warnMarketplace(d, mkt)
	}
	if !c.Yes || !local {
		return c.preview(d, target, frag, local)
	}
	return c.write(d, target, frag)
}

// warnMarketplace says when the folder the fragment names holds no
// marketplace yet: Claude Code would then install nothing.
func (c *DeployManagedCmd) warnMarketplace(d *deps, mkt string) {
	if _, err := os.Stat(filepath.Join(mkt, ".claude-plugin", "marketplace.json")); err != nil {
		fmt.Fprintf(d.Stderr, "note: %s holds no .claude-plugin/marketplace.json yet; put a release there first (scripts/release.sh %s)\n", mkt, mkt)
	}
}

func (c *DeployManagedCmd) preview(d *deps, target string, frag []byte, local bool) error {
	old, err := readExisting(target, local)
	if err != nil {
		return err
	}
	switch {
	case bytes.Equal(old, frag):
		fmt.Fprintf(d.Stdout, "%s is already up to date.\n", target)
		return nil
	case old != nil:
		fmt.Fprint(d.Stdout, udiff.Unified(target, target, string(old), string(frag)))
	default:
		fmt.Fprintf(d.Stdout, "# %s\n%s", target, frag)
	}
	if local {
		fmt.Fprintln(d.Stdout, "\nRun again with --yes (as root) to write it; Claude Code installs the plugin at each user's next session start.")
	} else {
		fmt.Fprintln(d.Stdout, "\nCopy this file to that path on each machine (as an administrator).")
	}
	return nil
}

// readExisting returns the current fragment, nil when there is none.
func readExisting(target string, local bool) ([]byte, error) {
	if !local {
		return nil, nil
	}
	old, err := fsutil.ReadCapped(target, 1<<20)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("deploy managed: read %s: %w", target, err)
	}
	return old, nil
}

func (c *DeployManagedCmd) write(d *deps, target string, frag []byte) error {
	old, err := readExisting(target, true)
	if err != nil {
		return err
	}
	if bytes.Equal(old, frag) {
		fmt.Fprintf(d.Stdout, "%s is already up to date.\n", target)
		return nil
	}
	// Managed settings are read by every user's Claude Code: world
	// readable, writable by the administrator only.
	if err := os.MkdirAll(filepath.Dir(target), 0o755); err != nil {
		return fmt.Errorf("deploy managed: %w (run as root, or use --dir)", err)
	}
	if old != nil {
		if err := fsutil.WriteAtomic(target+".bak", old, 0o644, fsutil.Sync); err != nil {
			return fmt.Errorf("deploy managed: back up %s: %w", target, err)
		}
	}
	if err := fsutil.WriteAtomic(target, frag, 0o644, fsutil.Sync); err != nil {
		return fmt.Errorf("deploy managed: write %s: %w (run as root, or use --dir)", target, err)
	}
	fmt.Fprintf(d.Stdout, "wrote %s\nClaude Code installs %s at each user's next session start.\n", target, managed.Plugin)
	return nil
}
