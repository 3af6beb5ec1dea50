package installer

import (
	"fmt"
	"path/filepath"

	"github.com/session-intelligence/session-intelligence/commands"
	"github.com/session-intelligence/session-intelligence/shared/cc/usercmd"
	"github.com/session-intelligence/session-intelligence/shared/core/paths"
)

// InstallCommands is the plugin mode's part of install.sh: the plugin
// itself only offers /session-intelligence:si, and the SessionStart hook
// adds the plain /si user command only at the first session start, too
// late for that session. It copies each command's binary from the plugin
// directory into binDir (the plugin's data directory, where the hook
// keeps it current) and installs the user command files running it.
func InstallCommands(d paths.Dirs, from, binDir, goos, goarch string) ([]usercmd.Change, error) {
	if err := checkPath(binDir); err != nil {
		return nil, err
	}
	if err := writable(d); err != nil {
		return nil, err
	}
	var bins []binary
	for _, f := range commands.All() {
		src := paths.PluginBinary(from, goos, goarch, f.Name)
		if src == "" {
			continue
		}
		b := binary{Name: f.Name, Src: src, Dst: filepath.Join(binDir, f.Name)}
		same, err := sameFile(b.Src, b.Dst)
		if err != nil {
			return nil, err
		}
		if same {
			b.Action = "same"
		}
		bins = append(bins, b)
	}
	if len(bins) == 0 {
		return nil, fmt.Errorf("user commands: no command binary in %s", filepath.Join(from, "bin"))
	}
	if err := privateDirs(d.State, binDir); err != nil {
		return nil, err
	}
	if err := copyBinaries(bins); err != nil {
		return nil, err
	}
	return usercmd.Ensure(usercmd.Options{Dir: filepath.Join(d.Claude, "commands"), BinDir: binDir, State: d.State, Force: true})
}
