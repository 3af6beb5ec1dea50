package sessionstart

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/session-intelligence/session-intelligence/shared/cc/hookio"
	"github.com/session-intelligence/session-intelligence/shared/cc/wiring"
	"github.com/session-intelligence/session-intelligence/shared/core/fsutil"
	"github.com/session-intelligence/session-intelligence/shared/core/proc"
	"github.com/session-intelligence/session-intelligence/shared/si/onpath"
)

// pathTipMarker records that the PATH tip was shown.
const pathTipMarker = "tip-path"

// pathTip tells the user, once per install, how to put si and ai on
// PATH when the plugin came from /plugin alone: no installer ran, so
// they work inside Claude Code (whose tools see the plugin's bin/) but a
// shell answers "command not found". Linking them into ~/.local/bin
// unasked would write outside Claude Code's folders, so the hook only
// says how. Nothing is said in settings mode, when an installer already
// ran (its record exists, whatever became of the links) or when an si
// is on PATH anyway.
func pathTip(rt *hookio.Runtime, _ *hookio.Input) (hookio.Result, error) {
	id, gone := pluginOf(rt)
	if id == "" || gone || onpath.Recorded(rt.Dirs) {
		return hookio.Result{}, nil
	}
	marker := filepath.Join(rt.Dirs.State, pathTipMarker)
	if fsutil.Marked(marker) {
		return hookio.Result{}, nil
	}
	si := filepath.Join(wiring.StableDir(rt.Dirs), proc.Exe("si"))
	if _, err := os.Stat(si); err != nil {
		return hookio.Result{}, nil // no stable copy to link to
	}
	if proc.InPath(rt.Getenv("PATH"), rt.Getenv("CLAUDE_PLUGIN_ROOT"), proc.Exe("si")) {
		return hookio.Result{}, nil
	}
	if err := fsutil.PrivateDir(rt.Dirs.State); err != nil {
		return hookio.Result{}, err
	}
	if err := fsutil.Touch(marker, rt.Now()); err != nil {
		return hookio.Result{}, err
	}
	return hookio.Result{Notice: PathTip(tilde(si, rt.Dirs.Home), id)}, nil
}

// PathTip is the tip's text, for the stable si at si and plugin id.
func PathTip(si, id string) string {
	return fmt.Sprintf("session-intelligence: si and ai work inside Claude Code only; to use them from a shell as well, run once: %s install --plugin %s (it links them into ~/.local/bin; si uninstall takes them out)", si, id)
}

// tilde shows path under home as ~/…, as a user would type it.
func tilde(path, home string) string {
	if rest, ok := strings.CutPrefix(path, home+string(filepath.Separator)); ok && home != "" {
		return "~/" + filepath.ToSlash(rest)
	}
	return path
}
