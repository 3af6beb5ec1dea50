package shape

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/session-intelligence/session-intelligence/shared/core/paths"
)

// FuzzCommandPath: whatever the command, commandPath returns without
// panicking, and either nothing or a clean rooted path (paths.Rooted).
func FuzzCommandPath(f *testing.F) {
	for _, cases := range [][]commandCase{fileCases, runnerCases, shellCases, hostileCases} {
		for _, c := range cases {
			if len(c.cmd) <= 64<<10 {
				f.Add(c.cmd)
			}
		}
	}
	for _, s := range []string{
		strings.Repeat("$(", 40) + "ls", strings.Repeat("`", 99), strings.Repeat("{", 40),
		"cat <<", "cat <<EOF", "${x:-$(cat a", "$((1+", "<(cat src/x.go", "a=(1 2", "case x in",
		"cd /; cd ..; cat ../../x", "cd ../../../../..", "git -C", "go -C", "make -C", "sed -i", "grep -e",
		"cat ''", `cat "\`, "cat $'\\x2f'", "ls ~/x", "cat -- -", "\x00\x01\x02", "cat src/x.go\xc3\x28",
	} {
		f.Add(s)
	}
	cwd, _ := project(f)
	f.Fuzz(func(t *testing.T, cmd string) {
		path, isDir := commandPath(cmd, &prober{env: Env{Cwd: cwd}})
		switch {
		case path == "" && isDir:
			t.Errorf("commandPath(%q) = \"\", true", cmd)
		case path != "" && (path != filepath.Clean(path) || !paths.Rooted(path)):
			t.Errorf("commandPath(%q) = %q, not a clean rooted path", cmd, path)
		}
	})
}
