// Package managed writes the managed-settings fragment that installs
// session-intelligence for every user of a machine.
//
// Under a Team or Enterprise login, or on a machine that already has
// managed settings, Claude Code runs a policy plugin ahead of user plugins
// and withholds SessionStart, Stop and PreCompact from them; only a plugin
// that managed settings install receives every event. The fragment names
// a directory marketplace, force-enables the plugin and appends it to the
// plugin order, as a file of its own in managed-settings.d/ so it never
// edits the administrator's managed-settings.json.
package managed

import (
	"bytes"
	"fmt"
	"path"
	"regexp"
	"strings"
	"sync"

	"github.com/session-intelligence/session-intelligence/shared/core/jsonx"
)

// Names of the marketplace and plugin the fragment installs.
const (
	Marketplace = "session-intelligence"
	Plugin      = "session-intelligence@session-intelligence"
	// FileName sorts late so the fragment's scalars never override an
	// administrator's own fragments by accident.
	FileName = "90-session-intelligence.json"
)

// OS is a platform whose managed-settings directory is known.
type OS string

// The platforms Claude Code reads managed settings on.
const (
	Linux   OS = "linux"
	Darwin  OS = "darwin"
	Windows OS = "windows"
)

// Dir is Claude Code's managed-settings directory on os (WSL reads the
// Linux one).
func Dir(os OS) (string, error) {
	switch os {
	case Linux:
		return "/etc/claude-code", nil
	case Darwin:
		return "/Library/Application Support/ClaudeCode", nil
	case Windows:
		return `C:\Program Files\ClaudeCode`, nil
	}
	return "", fmt.Errorf("unknown platform %q (want linux, darwin or windows)", os)
}

// FragmentPath is where the fragment goes under a managed directory.
func FragmentPath(os OS, dir string) string {
	if os == Windows {
		return strings.TrimRight(dir, `\`) + `\managed-settings.d\` + FileName
	}
	return path.Join(dir, "managed-settings.d", FileName)
}

// MarketplaceDir is where an installation under prefix keeps the plugin
// marketplace, following the share/<package>/plugins convention of
// system packages.
func MarketplaceDir(os OS, prefix string) string {
	if os == Windows {
		return strings.TrimRight(prefix, `\/`) + `\share\session-intelligence\plugins`
	}
	return path.Join(prefix, "share", "session-intelligence", "plugins")
}

var winAbs = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^([A-Za-z]:[\\/]|\\\\[^\\]+\\)`) })

// CheckAbs refuses a prefix that is not absolute on os: managed settings
// are read by every user's Claude Code from its own working directory.
func CheckAbs(os OS, p string) error {
	switch {
	case p == "":
		return fmt.Errorf("--prefix is required (an absolute path)")
	case os == Windows && !winAbs().MatchString(p):
		return fmt.Errorf("--prefix %q is not an absolute Windows path (like C:\\Tools)", p)
	case os != Windows && !strings.HasPrefix(p, "/"):
		return fmt.Errorf("--prefix %q is not absolute: managed settings need a path every user resolves the same way", p)
	}
	return nil
}

// Fragment is the managed-settings.d file for a marketplace directory.
func Fragment(marketplaceDir string) []byte {
	type source struct {
		Source string `json:"source"`
		Path   string `json:"path"`
	}
	type market struct {
		Source source `json:"source"`
	}
	doc := struct {
		Extra   map[string]market `json:"extraKnownMarketplaces"`
		Enabled map[string]bool   `json:"enabledPlugins"`
		Append  []string          `json:"appendPlugins"`
	}{
		Extra:   map[string]market{Marketplace: {Source: source{Source: "directory", Path: marketplaceDir}}},
		Enabled: map[string]bool{Plugin: true},
		Append:  []string{Plugin},
	}
	var buf bytes.Buffer
	enc := jsonx.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	_ = enc.Encode(doc) // a fixed struct of strings cannot fail
	return buf.Bytes()
}
