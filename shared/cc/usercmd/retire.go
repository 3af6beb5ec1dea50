package usercmd

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/session-intelligence/session-intelligence/shared/cc/pluginstate"
	"github.com/session-intelligence/session-intelligence/shared/cc/usercmd/commands"
)

// Retire is what a user command runs first: when the plugin that
// installed the command files (the record's plugin) is no longer
// installed and enabled in claude (the configuration directory), it
// removes them ([Remove]) and returns the one line to show instead of
// the command's output. Commands installed in settings mode name no
// plugin and never retire. A re-enabled plugin's SessionStart puts them
// back (the record goes with them, so nothing counts as deleted by the
// user).
func Retire(o Options, claude string) (line string, retired bool) {
	rec := loadRecord(o.State)
	if rec.Plugin == "" {
		return "", false
	}
	if st, ok := pluginstate.Read(claude, rec.Plugin); !ok || st.Active() {
		return "", false
	}
	removed, err := Remove(o)
	if err != nil {
		return fmt.Sprintf("session-intelligence: the plugin %s is no longer installed or enabled; remove %s yourself (%v)", rec.Plugin, strings.Join(files(o.Dir), " and "), err), true
	}
	var names []string
	for _, p := range removed {
		if strings.HasSuffix(p, ".md") {
			names = append(names, p)
		}
	}
	return fmt.Sprintf("session-intelligence: the plugin %s is no longer installed or enabled, so this command has removed itself (%s); install or enable the plugin again to get it back.",
		rec.Plugin, strings.Join(names, ", ")), true
}

// RecordedPlugin is the plugin the command files in state were last
// installed for ("" for settings mode or none).
func RecordedPlugin(state string) string { return loadRecord(state).Plugin }

// files are the command files of every command in dir.
func files(dir string) []string {
	var out []string
	for _, f := range commands.All() {
		out = append(out, filepath.Join(dir, f.Name+".md"))
	}
	return out
}
