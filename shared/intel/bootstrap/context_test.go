package bootstrap

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/session-intelligence/session-intelligence/shared/testkit/filemode"
	"github.com/session-intelligence/session-intelligence/templates"
)

// withSection returns doc with the content of section name (its lines up
// to the blank line before the next heading) replaced by body.
func withSection(t *testing.T, doc, name, body string) string {
	t.Helper()
	h := "## " + name + "\n"
	i := strings.Index(doc, h)
	if i < 0 {
		t.Fatalf("no section %q", name)
	}
	start := i + len(h)
	end := len(doc)
	if j := strings.Index(doc[start:], "\n\n## "); j >= 0 {
		end = start + j + 1
	}
	return doc[:start] + body + doc[end:]
}

func TestSessionContextSeeding(t *testing.T) {
	tmpl := string(templates.SessionContext())
	tests := []struct {
		name       string
		projectDir bool
		existing   string // "" means no file
		repo       bool   // cwd is a repository without commits
		seeded     bool
		want       string // content afterwards; "" means no file
	}{
		{name: "no project dir", want: ""},
		{name: "outside git", projectDir: true, seeded: true, want: tmpl},
		{name: "repo without commits", projectDir: true, repo: true, seeded: true, want: tmpl},
		{name: "existing kept", projectDir: true, existing: "## Current Task\nmine\n", want: "## Current Task\nmine\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := testDirs(t)
			cwd := tempDir(t)
			if tt.repo {
				cwd = newRepo(t)
			}
			path := filepath.Join(d.ProjectDir(cwd), ContextFile)
			if tt.projectDir {
				path = contextPath(t, d, cwd)
			}
			if tt.existing != "" {
				writeFile(t, path, tt.existing)
				age(t, path)
			}
			res, err := SessionContext(d, cwd)
			if err != nil || res.Seeded != tt.seeded || res.NeedGit || len(res.Filled) > 0 {
				t.Fatalf("SessionContext() = %+v, %v; want seeded %v only", res, err, tt.seeded)
			}
			got, err := os.ReadFile(path)
			switch {
			case tt.want == "" && err == nil:
				t.Errorf("file created in a project dir Claude Code never made: %s", path)
			case tt.want != "" && string(got) != tt.want:
				t.Errorf("content = %q, want %q", got, tt.want)
			}
			if tt.existing != "" {
				untouched(t, path)
			}
			if tt.seeded {
				filemode.Check(t, path, 0o600)
			}
		})
	}
}

func TestAutofillCases(t *testing.T) {
	d := testDirs(t)
	root := newRepo(t)
	git(t, root, "checkout", "-q", "-b", "feature/123-dropdown")
	head := commitFiles(t, root, "fix(ui): dropdown keeps its model (#42)", "src/a.go", "src/b.go")
	saveCache(t, d, root, head, "fix(ui): dropdown keeps its model (#42)", "src/a.go", "src/b.go")
	path := contextPath(t, d, root)
	sha := head[:7]
	task := "<!-- si:autofill sha=" + sha + " -->\ntype: bug-fix — fix(ui): dropdown keeps its model (#42)\n" +
		"description: derived from the last commit on feature/123-dropdown\nissue: #123\n"
	files := "<!-- si:autofill sha=" + sha + " -->\n- src/a.go\n- src/b.go\n"
	oldTask := strings.ReplaceAll(task, sha, "1234567")
	oldFiles := strings.ReplaceAll(files, sha, "1234567") + "- gone.go\n"
	tmpl := string(templates.SessionContext())
	both := withSection(t, withSection(t, tmpl, "Current Task", task), "Key Files", files)
	mine := "type: refactor\ndescription: split the parser\n"

	tests := []struct {
		name, in, want string // want "" means unchanged
	}{
		{"template", tmpl, both},
		{"our old fill refreshed", withSection(t, withSection(t, tmpl, "Current Task", oldTask), "Key Files", oldFiles), both},
		{"current fill kept", both, ""},
		{"task written by hand", withSection(t, tmpl, "Current Task", mine), ""},
		{"sentinel kept but lines rewritten", withSection(t, tmpl, "Current Task", strings.Replace(oldTask, "derived from the last commit on", "my own", 1)), ""},
		{"key files by hand", withSection(t, tmpl, "Key Files", "- my/file.go\n"),
			withSection(t, withSection(t, tmpl, "Current Task", task), "Key Files", "- my/file.go\n")},
		{"no sections", "just some notes\n", ""},
		{"empty sections", "## Current Task\n## Key Files\n", "## Current Task\n" + task + "## Key Files\n" + files},
		{"heading without newline at end", "# Notes\n## Current Task", "# Notes\n## Current Task\n" + task},
		{"multi-line comment", "## Current Task\n<!--\nwrite here\n-->\n\n## Other\nx\n", "## Current Task\n" + task + "\n## Other\nx\n"},
		{"crlf", strings.ReplaceAll("## Current Task\ntype: <t>\n\n## Key Files\n\n## End\n", "\n", "\r\n"),
			strings.ReplaceAll("## Current Task\n"+task+"\n## Key Files\n"+files+"\n## End\n", "\n", "\r\n")},
		{"duplicate task heading", "## Current Task\n\n## Current Task\nx\n", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			writeFile(t, path, tt.in)
			age(t, path)
			res, err := SessionContext(d, root)
			if err != nil || res.NeedGit || res.LeftAlone != "" {
				t.Fatalf("SessionContext() = %+v, %v", res, err)
			}
			got := readFile(t, path)
			if tt.want == "" {
				untouched(t, path)
				if got != tt.in || len(res.Filled) > 0 {
					t.Errorf("changed (filled %v):\n%s", res.Filled, got)
				}
				return
			}
			if got != tt.want {
				t.Errorf("content:\n%s\nwant:\n%s", got, tt.want)
			}
		})
	}
}

func TestAutofillFollowsHead(t *testing.T) {
	d := testDirs(t)
	root := newRepo(t)
	c1 := commitFiles(t, root, "feat: first", "a.txt")
	saveCache(t, d, root, c1, "feat: first", "a.txt")
	path := contextPath(t, d, root)
	tmpl := string(templates.SessionContext())
	fill := func(sha, typ, subject, file string) string {
		task := "<!-- si:autofill sha=" + sha[:7] + " -->\ntype: " + typ + " — " + subject +
			"\ndescription: derived from the last commit on main\nissue: none\n"
		return withSection(t, withSection(t, tmpl, "Current Task", task), "Key Files", "<!-- si:autofill sha="+sha[:7]+" -->\n- "+file+"\n")
	}

	res, err := SessionContext(d, root)
	if err != nil || !res.Seeded || !slices.Equal(res.Filled, []string{"Current Task", "Key Files"}) {
		t.Fatalf("first SessionContext() = %+v, %v", res, err)
	}
	if got, want := readFile(t, path), fill(c1, "feature", "feat: first", "a.txt"); got != want {
		t.Fatalf("after first fill:\n%s\nwant:\n%s", got, want)
	}

	age(t, path)
	if res, err := SessionContext(d, root); err != nil || res.Filled != nil || res.NeedGit {
		t.Errorf("same HEAD: SessionContext() = %+v, %v; want nothing", res, err)
	}
	untouched(t, path)

	c2 := commitFiles(t, root, "docs: second", "b.md")
	if res, err := SessionContext(d, root); err != nil || !res.NeedGit || res.GitRoot != root {
		t.Errorf("stale cache: SessionContext() = %+v, %v; want NeedGit for %s", res, err, root)
	}
	untouched(t, path)

	saveCache(t, d, root, c2, "docs: second", "b.md")
	if res, err := SessionContext(d, root); err != nil || len(res.Filled) != 2 {
		t.Errorf("moved HEAD: SessionContext() = %+v, %v; want a refill", res, err)
	}
	if got, want := readFile(t, path), fill(c2, "docs", "docs: second", "b.md"); got != want {
		t.Fatalf("after HEAD moved:\n%s\nwant:\n%s", got, want)
	}

	// Claude takes the task over: from now on nothing changes, and no
	// git refresh is asked for either.
	mine := withSection(t, readFile(t, path), "Current Task", "type: bug-fix\ndescription: fix the parser\n")
	writeFile(t, path, mine)
	age(t, path)
	commitFiles(t, root, "fix: third", "c.go")
	if res, err := SessionContext(d, root); err != nil || res.Filled != nil || res.NeedGit {
		t.Errorf("after real content: SessionContext() = %+v, %v; want nothing", res, err)
	}
	untouched(t, path)
}

func TestSessionContextBadFiles(t *testing.T) {
	d := testDirs(t)
	root := newRepo(t)
	head := commitFiles(t, root, "feat: x", "x.go")
	saveCache(t, d, root, head, "feat: x", "x.go")
	path := contextPath(t, d, root)
	huge := "## Current Task\n" + strings.Repeat("type: <t>\n", 1<<20)
	tests := []struct {
		name   string
		make   func(t *testing.T)
		reason string
	}{
		{"10 MB", func(t *testing.T) { writeFile(t, path, huge) }, "too large"},
		{"binary", func(t *testing.T) { writeFile(t, path, "## Current Task\n\x00\x01\x02\n") }, "not a text file"},
		{"invalid utf-8", func(t *testing.T) { writeFile(t, path, "## Current Task\n\xff\xfe\n") }, "not a text file"},
		{"directory", func(t *testing.T) { mkdir(t, path) }, "not a regular file"},
		{"fifo", func(t *testing.T) {
			if err := mkfifo(path); err != nil {
				t.Skip("no fifo:", err)
			}
		}, "not a regular file"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_ = os.RemoveAll(path)
			tt.make(t)
			age(t, path)
			res, err := SessionContext(d, root)
			if err != nil || !strings.Contains(res.LeftAlone, tt.reason) || res.Filled != nil {
				t.Errorf("SessionContext() = %+v, %v; want left alone: %s", res, err, tt.reason)
			}
			untouched(t, path)
		})
	}
	_ = os.RemoveAll(path)
}

func TestSessionContextNeedGit(t *testing.T) {
	tests := []struct {
		name    string
		cache   string // "" none, "stale", "fresh"
		content string
		needGit bool
	}{
		{"no cache", "", "", true},
		{"stale cache", "stale", "", true},
		{"fresh cache", "fresh", "", false},
		{"no cache but nothing to fill", "", "## Current Task\ntype: chore\n", false},
		{"no cache and no sections", "", "notes\n", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := testDirs(t)
			root := newRepo(t)
			c1 := commitFiles(t, root, "feat: one", "one.go")
			head := commitFiles(t, root, "feat: two", "two.go")
			switch tt.cache {
			case "stale":
				saveCache(t, d, root, c1, "feat: one", "one.go")
			case "fresh":
				saveCache(t, d, root, head, "feat: two", "two.go")
			}
			path := contextPath(t, d, root)
			if tt.content != "" {
				writeFile(t, path, tt.content)
			}
			res, err := SessionContext(d, root)
			if err != nil || res.NeedGit != tt.needGit || (tt.needGit && res.GitRoot != root) {
				t.Errorf("SessionContext() = %+v, %v; want NeedGit %v", res, err, tt.needGit)
			}
			if filled := strings.Contains(readFile(t, path), "si:autofill sha="); filled != (tt.cache == "fresh") {
				t.Errorf("filled = %v with cache %q", filled, tt.cache)
			}
		})
	}
}
