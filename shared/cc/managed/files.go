package managed

import "path/filepath"

// Settings names Claude Code's settings files for one project, one per
// level; a level that does not apply is "".
type Settings struct {
	Managed string // managed-settings.json ("" when the machine's directory is unknown)
	Local   string // <project>/.claude/settings.local.json: the user's, untracked
	Project string // <project>/.claude/settings.json: shared with the repository
	User    string // ~/.claude/settings.json
}

// SettingsFor lists the files for a project; project "" leaves out the
// project's own levels.
func SettingsFor(claudeDir, project, managedDir string) Settings {
	var s Settings
	if managedDir != "" {
		s.Managed = filepath.Join(managedDir, "managed-settings.json")
	}
	if project != "" {
		s.Local = filepath.Join(project, ".claude", "settings.local.json")
		s.Project = filepath.Join(project, ".claude", "settings.json")
	}
	s.User = filepath.Join(claudeDir, "settings.json")
	return s
}

// Ordered is the files that apply, highest precedence first.
func (s Settings) Ordered() []string {
	var out []string
	for _, p := range []string{s.Managed, s.Local, s.Project, s.User} {
		if p != "" {
			out = append(out, p)
		}
	}
	return out
}
