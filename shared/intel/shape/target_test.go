package shape

import (
	"encoding/json"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/session-intelligence/session-intelligence/shared/intel/shape/shell"
)

func TestRootOf(t *testing.T) {
	const cwd = "/w/proj"
	deep := cwd + "/a/b/c/d/e/f/g.go"
	tests := []struct {
		name   string
		path   string
		cwd    string
		depth  int
		isDir  bool
		root   string
		logged string
	}{
		{"depth 1", deep, cwd, 1, false, "a", "a/b/c/d/e/f/g.go"},
		{"depth 2", deep, cwd, 2, false, "a/b", "a/b/c/d/e/f/g.go"},
		{"depth 3", deep, cwd, 3, false, "a/b/c", "a/b/c/d/e/f/g.go"},
		{"depth 4", deep, cwd, 4, false, "a/b/c/d", "a/b/c/d/e/f/g.go"},
		{"depth 5", deep, cwd, 5, false, "a/b/c/d/e", "a/b/c/d/e/f/g.go"},
		{"depth above 5 clamps", deep, cwd, 9, false, "a/b/c/d/e", "a/b/c/d/e/f/g.go"},
		{"depth 0 clamps to 1", deep, cwd, 0, false, "a", "a/b/c/d/e/f/g.go"},
		{"shallower than depth", cwd + "/src/auth/login.ts", cwd, 3, false, "src/auth", "src/auth/login.ts"},
		{"file directly in cwd", cwd + "/main.go", cwd, 2, false, ".", "main.go"},
		{"cwd itself", cwd, cwd, 2, true, ".", "."},
		{"cwd with trailing slash", cwd + "/src/x.go", cwd + "/", 2, false, "src", "src/x.go"},
		{"dir gets a slash", cwd + "/src/auth", cwd, 2, true, "src/auth", "src/auth/"},
		{"deep dir", cwd + "/src/auth/impl", cwd, 2, true, "src/auth", "src/auth/impl/"},
		{"top dir", cwd + "/docs", cwd, 2, true, "docs", "docs/"},
		{"outside cwd", "/tmp/foo/bar/x.txt", cwd, 2, false, "/tmp/foo", "/tmp/foo/bar/x.txt"},
		{"outside cwd depth 1", "/etc/passwd", cwd, 1, false, "/etc", "/etc/passwd"},
		{"outside dir", "/tmp/foo", cwd, 2, true, "/tmp/foo", "/tmp/foo/"},
		{"sibling with cwd as prefix", "/w/project2/x.go", cwd, 2, false, "/w/project2", "/w/project2/x.go"},
		{"unclean path", cwd + "/src/../lib/./a/b.go", cwd, 2, false, "lib/a", "lib/a/b.go"},
		{"no cwd", "/w/proj/src/a.go", "", 2, false, "/w/proj", "/w/proj/src/a.go"},
		{"relative, no cwd", "src/pkg/a.go", "", 2, false, "src/pkg", "src/pkg/a.go"},
		{"drive letter, inside", "C:/w/proj/src/auth/a.go", "C:/w/proj", 2, false, "src/auth", "src/auth/a.go"},
		{"drive letter, outside", "D:/tmp/foo/x.txt", "C:/w/proj", 2, false, "D:/tmp/foo", "D:/tmp/foo/x.txt"},
		{"drive letter, no cwd", "C:/w/proj/a.go", "", 1, false, "C:/w", "C:/w/proj/a.go"},
	}
	if runtime.GOOS == "windows" { // Claude Code's own form there
		tests = append(tests, []struct {
			name, path, cwd string
			depth           int
			isDir           bool
			root, logged    string
		}{
			{"backslashes, inside", `C:\w\proj\src\auth\a.go`, `C:\w\proj`, 2, false, "src/auth", "src/auth/a.go"},
			{"backslashes, outside", `C:\Users\Ünï Spaced\x.txt`, `C:\w\proj`, 2, false, "C:/Users/Ünï Spaced", "C:/Users/Ünï Spaced/x.txt"},
		}...)
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			root, logged := RootOf(tt.path, tt.cwd, tt.depth, tt.isDir)
			if root != tt.root || logged != tt.logged {
				t.Errorf("RootOf(%q, %q, %d, %v) = %q, %q, want %q, %q", tt.path, tt.cwd, tt.depth, tt.isDir, root, logged, tt.root, tt.logged)
			}
		})
	}
}

func TestTarget(t *testing.T) {
	cwd := t.TempDir()
	for _, d := range []string{"internal/store", "src"} {
		if err := os.MkdirAll(filepath.Join(cwd, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for _, f := range []string{"src/x.go", "README.md", "Makefile"} {
		if err := os.WriteFile(filepath.Join(cwd, f), nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	j := func(p string) string { return filepath.Join(cwd, p) }
	tests := []struct {
		name  string
		tool  string
		input string
		path  string
		isDir bool
	}{
		{"Read relative", "Read", `{"file_path":"src/x.go"}`, j("src/x.go"), false},
		{"Read absolute", "Read", `{"file_path":"/etc/hosts"}`, filepath.FromSlash("/etc/hosts"), false},
		{"Edit", "Edit", `{"file_path":"src/new.go","old_string":"a","new_string":"b"}`, j("src/new.go"), false},
		{"Write unclean", "Write", `{"file_path":"/a/../b/./c.txt","content":"x"}`, filepath.FromSlash("/b/c.txt"), false},
		{"Write backslashes", "Write", `{"file_path":"src\\win.go"}`, j("src/win.go"), false},
		{"NotebookEdit", "NotebookEdit", `{"notebook_path":"nb/a.ipynb"}`, j("nb/a.ipynb"), false},
		{"filePath variant", "mcp__ide__open", `{"filePath":"src/x.go"}`, j("src/x.go"), false},
		{"Grep dir path", "Grep", `{"pattern":"TODO","path":"internal/store"}`, j("internal/store"), true},
		{"Grep file path", "Grep", `{"pattern":"TODO","path":"src/x.go"}`, j("src/x.go"), false},
		{"Grep missing path", "Grep", `{"pattern":"TODO","path":"gone"}`, j("gone"), false},
		{"Grep no path", "Grep", `{"pattern":"TODO"}`, "", false},
		{"Glob pattern", "Glob", `{"pattern":"src/**/*.go"}`, j("src"), true},
		{"Glob nested literal", "Glob", `{"pattern":"internal/store/*_test.go"}`, j("internal/store"), true},
		{"Glob wildcard first", "Glob", `{"pattern":"**/*.go"}`, "", false},
		{"Glob literal file", "Glob", `{"pattern":"src/x.go"}`, j("src"), true},
		{"Glob with path", "Glob", `{"pattern":"*.go","path":"src"}`, j("src"), true},
		{"Bash go test ./...", "Bash", `{"command":"go test ./internal/store/..."}`, j("internal/store"), true},
		{"Bash cat file", "Bash", `{"command":"cat src/x.go | head"}`, j("src/x.go"), false},
		{"Bash flags skipped", "Bash", `{"command":"ls -la --color=auto src/"}`, j("src"), true},
		{"Bash URL skipped", "Bash", `{"command":"curl -o README.md https://example.com/src/x.go"}`, j("README.md"), false},
		{"Bash only URL", "Bash", `{"command":"curl https://example.com/a/b.txt"}`, "", false},
		{"Bash quoted", "Bash", `{"command":"wc -l \"src/x.go\";"}`, j("src/x.go"), false},
		{"Bash missing files", "Bash", `{"command":"cat nope/a.go other.txt"}`, "", false},
		{"Bash make works in its directory", "Bash", `{"command":"make Makefile"}`, cwd, true},
		{"Bash echo", "Bash", `{"command":"echo hello"}`, "", false},
		{"Bash glob is its directory, vars skipped", "Bash", `{"command":"rm $HOME/x.go src/*.go"}`, j("src"), true},
		{"WebFetch", "WebFetch", `{"url":"https://example.com","prompt":"p"}`, "", false},
		{"empty input", "Read", ``, "", false},
		{"bad JSON", "Read", `{"file_path":`, "", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path, isDir := Target(tt.tool, json.RawMessage(tt.input), cwd)
			if path != tt.path || isDir != tt.isDir {
				t.Errorf("Target(%s, %s) = %q, %v, want %q, %v", tt.tool, tt.input, path, isDir, tt.path, tt.isDir)
			}
		})
	}
}

func BenchmarkRootOf(b *testing.B) {
	for b.Loop() {
		RootOf("/home/me/src/project/internal/store/sqlite/db.go", "/home/me/src/project", 2, false)
	}
}

// targetBench are tool calls as sessions make them.
var targetBench = []struct{ name, tool, input string }{
	{"Read", "Read", `{"file_path":"src/auth/login.go"}`},
	{"go test", "Bash", `{"command":"go test ./internal/store/... 2>&1 | tail -30"}`},
	{"cd and git", "Bash", `{"command":"cd sub && git status --short"}`},
	{"grep", "Bash", `{"command":"grep -rn \"func Target\" --include=\"*.go\" src | head -20"}`},
	{"commit heredoc", "Bash", `{"command":"git add src/x.go README.md && git commit -m \"$(cat <<'EOF'\nshape: parse Bash commands\n\nLonger body of the message, two lines\nof it.\nEOF\n)\""}`},
	{"echo", "Bash", `{"command":"echo done"}`},
}

func BenchmarkTarget(b *testing.B) {
	cwd, _ := project(b)
	worst := func(cmd string) string { j, _ := json.Marshal(map[string]string{"command": cmd}); return string(j) }
	cases := append(targetBench[:len(targetBench):len(targetBench)], []struct{ name, tool, input string }{
		{"16 KB", "Bash", worst("cat src/x.go " + strings.Repeat("a/b ", (shell.MaxBytes-20)/4))},
		{"1 MB", "Bash", worst(strings.Repeat("a/b ", 1<<18))},
		{"nested", "Bash", worst(strings.Repeat("$(", shell.MaxNesting) + "cat src/x.go" + strings.Repeat(")", shell.MaxNesting))},
	}...)
	for _, bb := range cases {
		b.Run(bb.name, func(b *testing.B) {
			raw := json.RawMessage(bb.input)
			for b.Loop() {
				Target(bb.tool, raw, cwd)
			}
		})
	}
}
