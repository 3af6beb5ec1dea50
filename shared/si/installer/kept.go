package installer

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/session-intelligence/session-intelligence/shared/core/paths"
)

// KeptItem is something an uninstall leaves in place on purpose.
type KeptItem struct {
	Path string // a path, or a pattern for several files
	What string
	// Ours marks what only session-intelligence reads: the delete line
	// names these (memory, notes and project files are the user's).
	Ours bool
}

// Kept lists what [Uninstall] keeps that exists: the configuration, the
// private state (session state, archived tool output, the backups of
// CLAUDE.md files), the debug log and compaction history, the projects'
// session-context.md files, settings.json backups, and the memory and
// notes (getenv gives AI_MEMORY_DIR and AI_NOTES_DIR).
func Kept(d paths.Dirs, getenv func(string) string) []KeptItem {
	var out []KeptItem
	add := func(path, what string, ours bool) {
		if _, err := os.Stat(path); err == nil {
			out = append(out, KeptItem{Path: path, What: what, Ours: ours})
		}
	}
	add(d.Config(), "your configuration", true)
	add(d.State, "session state, archived tool output, backups of your CLAUDE.md files, records", true)
	add(d.Logs, "the debug log and the compaction history (session-intel-*.log, compact-history.jsonl)", false)
	glob := func(pattern, what string, ours bool) {
		if m, _ := filepath.Glob(pattern); len(m) > 0 {
			out = append(out, KeptItem{Path: pattern, What: fmt.Sprintf("%d %s", len(m), what), Ours: ours})
		}
	}
	glob(filepath.Join(d.Projects(), "*", "session-context.md"), "session-context.md file(s): each project's task notes", false)
	glob(filepath.Join(d.Claude, "settings.json.bak-si-*"), "backup(s) of settings.json from before our edits", true)
	glob(d.Config()+".bak-si-*", "backup(s) of the configuration", true)
	memory, notes := getenv("AI_MEMORY_DIR"), getenv("AI_NOTES_DIR")
	if memory == "" {
		memory = filepath.Join(d.Home, ".ai", "memory")
	}
	if notes == "" {
		notes = filepath.Join(d.Home, ".ai", "notes")
	}
	add(memory, "your memory (a git repository; ai memory)", false)
	add(notes, "your notes (a git repository; ai notes)", false)
	return out
}

// PrintKept writes the kept list and a line that deletes what only
// session-intelligence reads.
func PrintKept(w io.Writer, items []KeptItem) {
	if len(items) == 0 {
		return
	}
	fmt.Fprintln(w, "Kept (delete what you no longer want):")
	var ours []string
	for _, it := range items {
		fmt.Fprintf(w, "  %s: %s\n", it.Path, it.What)
		if it.Ours {
			ours = append(ours, shellQuote(it.Path))
		}
	}
	if len(ours) > 0 {
		fmt.Fprintf(w, "To delete session-intelligence's own files: rm -rf %s\n", strings.Join(ours, " "))
	}
}

// shellQuote quotes a path for the delete line, leaving a glob's * free.
func shellQuote(p string) string {
	if !strings.ContainsAny(p, " '\"$`\\!") {
		return p
	}
	parts := strings.Split(p, "*")
	for i, part := range parts {
		parts[i] = "'" + strings.ReplaceAll(part, "'", `'\''`) + "'"
	}
	return strings.Join(parts, "*")
}
