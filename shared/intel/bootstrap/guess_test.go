package bootstrap

import (
	"strings"
	"testing"
)

func TestGuessType(t *testing.T) {
	tests := []struct{ subject, want string }{
		{"feat: add x", "feature"},
		{"feature: add x", "feature"},
		{"fix(ui): dropdown", "bug-fix"},
		{"bugfix: y", "bug-fix"},
		{"Fix!: breaking", "bug-fix"},
		{"docs: readme", "docs"},
		{"doc(api): z", "docs"},
		{"refactor: split", "refactor"},
		{"test: more", "test"},
		{"chore(deps): bump", "chore"},
		{"perf: faster", "perf"},
		{"ci: cache", "ci"},
		{"release: v1.2", "deploy"},
		{"ship: it", "deploy"},
		{"deploy(prod): now", "deploy"},
		{"fix the thing", "feature"},   // no colon: not conventional
		{"fixup: x", "feature"},        // unknown type
		{"fix(unclosed: x", "feature"}, // broken scope
		{"Merge branch 'main'", "feature"},
		{"", "feature"},
	}
	for _, tt := range tests {
		if got := guessType(tt.subject); got != tt.want {
			t.Errorf("guessType(%q) = %q, want %q", tt.subject, got, tt.want)
		}
	}
}

func TestGuessIssue(t *testing.T) {
	tests := []struct{ branch, subject, want string }{
		{"feature/123-login", "feat: x (#9)", "#123"},
		{"GH-45", "", "#45"},
		{"fix/login_77", "", "#77"},
		{"main", "fix: crash (#42)", "#42"},
		{"main", "fix: issue #7 and #8", "#7"},
		{"main", "fix: C# support", "none"},
		{"v1.2.3", "release: 1.2.3", "none"},
		{"feature/0123", "", "none"}, // leading zero: not an issue number
		{"feature/12345678", "", "none"},
		{"", "", "none"},
	}
	for _, tt := range tests {
		if got := guessIssue(tt.branch, tt.subject); got != tt.want {
			t.Errorf("guessIssue(%q, %q) = %q, want %q", tt.branch, tt.subject, got, tt.want)
		}
	}
}

func TestPlaceholderOnly(t *testing.T) {
	tests := []struct {
		lines string
		want  bool
	}{
		{"", true},
		{"<!-- guide -->", true},
		{"<!-- a --> <!-- b -->", true},
		{"<!--\nmany\nlines\n-->", true},
		{"type: <task type>\ndescription: <what>", true},
		{"type: none\ndescription: TBD\n-", true},
		{"- <path>", true},
		{"<!-- si:autofill sha=abcdef1 -->", false},
		{"type: refactor", false},
		{"description: split the parser", false},
		{"- src/a.go", false},
		{"<!-- guide --> real words", false},
		{"<!--\nopen\n-->\nreal", false},
		{"free text", false},
	}
	for _, tt := range tests {
		var lines []string
		if tt.lines != "" {
			lines = strings.Split(tt.lines, "\n")
		}
		if got := placeholderOnly(lines); got != tt.want {
			t.Errorf("placeholderOnly(%q) = %v, want %v", tt.lines, got, tt.want)
		}
	}
}

func TestRenderCleansInput(t *testing.T) {
	c := commit{sha: "0123456789abcdef", branch: "", subject: "feat: a\nb\x1b[31m" + strings.Repeat("é", 300),
		files: append([]string{"ok.go", "bad\nname.go", strings.Repeat("d/", 300) + "x.go"}, strings.Split("1 2 3 4 5 6 7 8 9 10 11", " ")...)}
	task := renderTask(c, "\n")
	if n := strings.Count(task, "\n"); n != 4 {
		t.Errorf("task has %d lines, want 4:\n%s", n, task)
	}
	for _, want := range []string{"sha=0123456 ", "on 0123456 (detached HEAD)", "feat: ab[31m", "…"} {
		if !strings.Contains(task, want) {
			t.Errorf("task lacks %q:\n%s", want, task)
		}
	}
	files := renderFiles(c, "\n")
	lines := strings.Split(strings.TrimSuffix(files, "\n"), "\n")
	if len(lines) != 1+maxKeyFiles || lines[1] != "- ok.go" || lines[2] != "- 1" || strings.Contains(files, "d/d/") {
		t.Errorf("files:\n%s", files)
	}
}
