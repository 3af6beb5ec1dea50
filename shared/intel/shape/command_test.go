package shape

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// project lays out a small checkout and returns its directory and a
// directory outside it.
func project(t testing.TB) (cwd, outside string) {
	t.Helper()
	cwd, outside = t.TempDir(), t.TempDir()
	for _, f := range []string{"src/x.go", "src/auth/login.go", "internal/store/db.go", "cmd/x/main.go", "tests/x_test.py",
		"pkg/util/u.go", "docs/a.md", "Makefile", "README.md", "scripts/gen.py", "crates/foo/Cargo.toml",
		"test/app_test.exs", "sub/a.txt", "my dir/f.txt", "web/src/app.test.ts"} {
		p := filepath.Join(cwd, f)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(outside, "notes.txt"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	return cwd, outside
}

// commandCase is a command and the path it should map to, relative to
// the project ("." is the project itself), absolute, or "" for none.
type commandCase struct {
	name, cmd, want string
	isDir           bool
}

func runCommandCases(t *testing.T, tests []commandCase) {
	t.Helper()
	cwd, outside := project(t)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			// A command names the folder as Git Bash takes it on Windows:
			// C:/… ('\' is an escape there).
			cmd := strings.ReplaceAll(tt.cmd, "$OUT", filepath.ToSlash(outside))
			want := filepath.FromSlash(strings.ReplaceAll(tt.want, "$OUT", filepath.ToSlash(outside)))
			if want != "" && !filepath.IsAbs(want) {
				want = filepath.Join(cwd, want)
			}
			got, isDir := commandPath(cmd, &prober{env: Env{Cwd: cwd}})
			if got != want || (got != "" && isDir != tt.isDir) {
				t.Errorf("commandPath(%q) = %q, %v, want %q, %v", cmd, got, isDir, want, tt.isDir)
			}
		})
	}
}

var fileCases = []commandCase{
	{"cat", "cat README.md", "README.md", false},
	{"head -n", "head -n 20 src/x.go", "src/x.go", false},
	{"tail -f", "tail -f -n +5 src/x.go", "src/x.go", false},
	{"wc", "wc -l src/x.go src/auth/login.go", "src/auth/login.go", false},
	{"ls dir", "ls -la docs", "docs", true},
	{"ls here", "ls -la", ".", true},
	{"ls sorted", "ls -lt src", "src", true},
	{"tree depth", "tree -L 2 docs", "docs", true},
	{"find", "find src -name '*.go' -type f", "src", true},
	{"find dot", "find . -name x", ".", true},
	{"grep pattern is no path", "grep -rn 'src/auth/login.go' docs", "docs", true},
	{"grep file", "grep -n func src/x.go", "src/x.go", false},
	{"grep -e pattern", "grep -e src/x.go README.md", "README.md", false},
	{"grep no path", "grep -rn TODO --include='*.go'", ".", true},
	{"rg type flag", "rg -t go TODO src", "src", true},
	{"rg glob flag value", "rg -g 'docs/*.md' TODO internal", "internal", true},
	{"sed -n", "sed -n '1,20p' src/x.go", "src/x.go", false},
	{"sed -i bsd", "sed -i '' 's/a/b/' README.md", "README.md", false},
	{"sed -e", "sed -e 's/x/y/' -e 's/a/b/' src/x.go", "src/x.go", false},
	{"awk", "awk -F: '{print $1}' src/x.go", "src/x.go", false},
	{"jq filter", "jq '.name' web/src/app.test.ts", "web/src/app.test.ts", false},
	{"chmod mode", "chmod +x scripts/gen.py", "scripts/gen.py", false},
	{"most specific", "ls src && cat src/auth/login.go", "src/auth/login.go", false},
	{"missing", "cat nope/a.go other.txt", "", false},
	{"missing dir", "ls missing", "", false},
	{"outside", "cat $OUT/notes.txt", "$OUT/notes.txt", false},
	{"dev null", "cat src/x.go > /dev/null 2>&1", "src/x.go", false},
	{"redirect target", "echo hi >> README.md", "README.md", false},
	{"echo names nothing", "echo src/x.go", "", false},
	{"gh names nothing", "gh pr view 12 --json body", "", false},
	{"url", "curl https://example.com/src/x.go", "", false},
	{"curl output", "curl -o README.md https://example.com/src/x.go", "README.md", false},
}

func TestCommandPathFiles(t *testing.T) { runCommandCases(t, fileCases) }

var runnerCases = []commandCase{
	{"go test pattern", "go test ./internal/store/...", "internal/store", true},
	{"go test all", "go test ./...", ".", true},
	{"go test -run value", "go test -run TestX -count=1 ./pkg/util", "pkg/util", true},
	{"go build", "go build -o /tmp/bin ./cmd/x", "cmd/x", true},
	{"go run args", "go run ./cmd/x src/x.go", "cmd/x", true},
	{"go vet -C", "go -C sub vet", "sub", true},
	{"pytest", "pytest -k fast tests/x_test.py::test_one", "tests/x_test.py", false},
	{"python -m pytest", "python -m pytest -q tests/x_test.py", "tests/x_test.py", false},
	{"python script", "python3 scripts/gen.py --out x", "scripts/gen.py", false},
	{"python -c", "python3 -c 'print(1)'", "", false},
	{"npm test --", "npm test -- web/src/app.test.ts", "web/src/app.test.ts", false},
	{"npm run", "npm run build", ".", true},
	{"pnpm --dir", "pnpm --dir sub test", "sub", true},
	{"bun test", "bun test web/src/app.test.ts", "web/src/app.test.ts", false},
	{"npx tool", "npx vitest run web/src", "web/src", true},
	{"cargo -p", "cargo test -p foo", "crates/foo", true},
	{"make -C", "make -C sub test", "sub", true},
	{"make target", "make build", ".", true},
	{"make jobs", "make -j 8 -C sub", "sub", true},
	{"mix test line", "mix test test/app_test.exs:12", "test/app_test.exs", false},
	{"mise task", "mise run lint", ".", true},
	{"linter", "golangci-lint run ./pkg/util/...", "pkg/util", true},
	{"git -C", "git -C sub status", "sub", true},
	{"git diff --", "git diff main...HEAD -- src/x.go", "src/x.go", false},
	{"git log --", "git log --oneline -n 5 -- docs", "docs", true},
	{"git show rev:path", "git show main:src/auth/login.go", "src/auth/login.go", false},
	{"git add", "git add src/x.go README.md", "src/x.go", false},
	{"git status", "git status --short", ".", true},
	{"git -C path", "git -C sub log -- a.txt", "sub/a.txt", false},
	{"git commit message", "git commit -m 'fix src/x.go'", ".", true},
	{"git push", "git push origin main", "", false},
	{"git grep pattern", "git grep -n README.md -- docs", "docs", true},
}

func TestCommandPathRunners(t *testing.T) { runCommandCases(t, runnerCases) }

var shellCases = []commandCase{
	{"cd then relative", "cd sub && cat a.txt", "sub/a.txt", false},
	{"cd only", "cd sub && ls", "sub", true},
	{"cd outside", "cd $OUT && git status", "$OUT", true},
	{"cd unknown", `cd "$DIR" && cat README.md`, "", false},
	{"subshell keeps its cd", "(cd sub) && cat README.md", "README.md", false},
	{"pipe", "cat src/x.go | grep func | wc -l", "src/x.go", false},
	{"pipe stage cd", "cd sub | cat README.md", "README.md", false},
	{"semicolon", "echo start; cat README.md", "README.md", false},
	{"or", "false || ls docs", "docs", true},
	{"command substitution", "echo $(cat src/x.go)", "src/x.go", false},
	{"backquotes", "echo `cat README.md`", "README.md", false},
	{"assignment substitution", "x=$(cat README.md); echo $x", "README.md", false},
	{"for over ls", "for f in $(ls src); do echo $f; done", "src", true},
	{"for over glob", "for f in src/auth/*.go; do wc -l $f; done", "src/auth", true},
	{"heredoc body is no path", "python3 - <<'EOF'\nopen('src/x.go')\nEOF", "", false},
	{"heredoc into a file", "cat >> README.md <<EOF\nsrc/x.go\nEOF", "README.md", false},
	{"commit heredoc", "git commit -m \"$(cat <<'EOF'\nsrc/x.go\nEOF\n)\"", ".", true},
	{"double quotes", `cat "src/x.go"`, "src/x.go", false},
	{"single quotes", `cat 'src/auth/login.go'`, "src/auth/login.go", false},
	{"partly quoted", `cat src/"x.go"`, "src/x.go", false},
	{"space in name", `cat "my dir/f.txt"`, "my dir/f.txt", false},
	{"escaped space", `cat my\ dir/f.txt`, "my dir/f.txt", false},
	{"glob", "ls src/*.go", "src", true},
	{"glob in deeper dir", "cat src/auth/*.go", "src/auth", true},
	{"glob here", "rm *.md", ".", true},
	{"escaped star is literal", `cat src/\*.go`, "", false},
	{"variable path", "cat $HOME/x.go", "", false},
	{"variable suffix", "cat src/$NAME.go", "src", true},
	{"env assignment", "FOO=1 BAR=2 go test ./internal/store", "internal/store", true},
	{"sudo", "sudo -u root cat README.md", "README.md", false},
	{"time", "time go test ./pkg/util", "pkg/util", true},
	{"env", "env GOFLAGS=-x go build ./cmd/x", "cmd/x", true},
	{"timeout", "timeout 10 cat README.md", "README.md", false},
	{"nohup background", "nohup python3 scripts/gen.py &", "scripts/gen.py", false},
	{"bash -c", "bash -c 'cd sub && cat a.txt'", "sub/a.txt", false},
	{"uv run", "uv run pytest tests/x_test.py", "tests/x_test.py", false},
	{"if", "if [ -f README.md ]; then cat src/x.go; fi", "src/x.go", false},
	{"test operand", "test -d docs && echo yes", "docs", true},
	{"single bracket", "[ -d docs ] && echo yes", "docs", true},
	{"double brackets", "[[ -f README.md && -n $X ]] && echo yes", "README.md", false},
	{"function body", "f() { cat src/x.go; }; f", "src/x.go", false},
}

func TestCommandPathShell(t *testing.T) { runCommandCases(t, shellCases) }

// hostileCases are commands the parser refuses or fails on; the word
// scan still finds their path.
var hostileCases = []commandCase{
	{"unterminated quote", `cat "src/x.go`, "src/x.go", false},
	{"unterminated substitution", "echo $(cat README.md", "README.md", false},
	{"unterminated heredoc", "cat <<EOF\nsrc/x.go", "src/x.go", false},
	{"deep nesting", strings.Repeat("$(", 200) + "cat src/x.go" + strings.Repeat(")", 200), "src/x.go", false},
	{"deep subshells", strings.Repeat("(", 5000) + "cat src/x.go", "src/x.go", false},
	{"1 MB command", "cat src/x.go " + strings.Repeat("word ", 1<<20/5), "src/x.go", false},
	{"invalid UTF-8", "cat src/x.go \xff\xfe", "src/x.go", false},
	{"NUL", "cat src/x.go\x00", "src/x.go", false},
	{"empty", "", "", false},
	{"only operators", "&& || ;; | &", "", false},
}

func TestCommandPathFallback(t *testing.T) { runCommandCases(t, hostileCases) }

// TestCommandPathKnown: with no checkout, the caller's known paths decide.
func TestCommandPathKnown(t *testing.T) {
	var k Known
	k.Add("/nowhere/proj/src/auth/login.go", false)
	k.Add("/nowhere/proj/docs", true)
	env := Env{Cwd: "/nowhere/proj", Known: k.Lookup}
	tests := []struct {
		cmd, want string
		isDir     bool
	}{
		{"cat src/auth/login.go", "/nowhere/proj/src/auth/login.go", false},
		{"go test ./src/...", "/nowhere/proj/src", true},
		{"ls docs", "/nowhere/proj/docs", true},
		{"cat src/missing.go", "", false},
		{"git status", "/nowhere/proj", true},
	}
	for _, tt := range tests {
		// A Unix session replayed on Windows keeps its rooted paths, in
		// that system's separators.
		want := filepath.FromSlash(tt.want)
		got, isDir := env.Target("Bash", []byte(`{"command":`+quoteJSON(tt.cmd)+`}`))
		if got != want || isDir != tt.isDir {
			t.Errorf("Target(%q) = %q, %v, want %q, %v", tt.cmd, got, isDir, want, tt.isDir)
		}
	}
}

// TestCommandPathCaps: a command naming many paths asks about a bounded
// number of them.
func TestCommandPathCaps(t *testing.T) {
	asks := 0
	env := Env{Cwd: "/nowhere/proj", Known: func(string) (bool, bool) { asks++; return false, false }}
	var b strings.Builder
	b.WriteString("cat")
	for i := range 500 {
		b.WriteString(" d/" + strings.Repeat("x", i%50) + ".go")
	}
	if got, _ := commandPath(b.String(), &prober{env: env}); got != "" || asks > maxLookups {
		t.Errorf("commandPath(500 paths) = %q after %d questions, want \"\" after at most %d", got, asks, maxLookups)
	}
}

func quoteJSON(s string) string {
	r := strings.NewReplacer(`\`, `\\`, `"`, `\"`, "\n", `\n`)
	return `"` + r.Replace(s) + `"`
}
