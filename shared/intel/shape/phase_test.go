package shape

import "testing"

func TestPhaseEvent(t *testing.T) {
	tests := []struct {
		name, cmd, want string
	}{
		{"commit", "git commit -m x", EventCommit},
		{"commit amend", "git commit --amend --no-edit", EventCommit},
		{"git -C", "git -C dir commit", EventCommit},
		{"git -c", "git -c user.name=x push origin main", EventPush},
		{"git long option", "git --no-pager commit -m x", EventCommit},
		{"after &&", "make && git push", EventPush},
		{"env prefix", "FOO=1 git push", EventPush},
		{"sudo", "sudo git push", EventPush},
		{"time", "time git commit -m x", EventCommit},
		{"tab separated", "git\tcommit", EventCommit},
		{"in a subshell", "(cd sub && git commit -m x)", EventCommit},
		{"piped", "git commit -am x | tee log", EventCommit},
		{"last milestone wins", "git commit -m x && git push", EventPush},
		{"last milestone wins reversed", "git push; git commit -m x", EventCommit},
		{"pr create", "gh pr create", EventPRCreate},
		{"pr create with flags", "gh pr create --fill --base main", EventPRCreate},
		{"pr merge -R", "gh -R o/r pr merge 3", EventPRMerge},
		{"pr merge --repo", "gh --repo o/r pr merge --squash", EventPRMerge},
		{"create then merge", "gh pr create --fill; gh pr merge", EventPRMerge},
		{"commit dry run", "git commit --dry-run", ""},
		{"push dry run", "git push --dry-run origin main", ""},
		{"dry run then real push", "git commit --dry-run && git push", EventPush},
		{"echo git commit", "echo git commit", ""},
		{"quoted echo", "echo 'git commit'", ""},
		{"grep for commit", "git log | grep commit", ""},
		{"commit-tree is plumbing", "git commit-tree abc -m x", ""},
		{"other verb", "git pushx", ""},
		{"git status", "git status", ""},
		{"gh pr list", "gh pr list", ""},
		{"gitk", "gitk commit", ""},
		{"empty", "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := PhaseEvent(tt.cmd); got != tt.want {
				t.Errorf("PhaseEvent(%q) = %q, want %q", tt.cmd, got, tt.want)
			}
		})
	}
}

func TestCompileGlobs(t *testing.T) {
	tests := []struct {
		pattern string
		match   []string
		noMatch []string
	}{
		{"**/.env", []string{".env", "a/.env", "a/b/.env"}, []string{".envrc", "a/.env.local", "x.env"}},
		{"src/**", []string{"src", "src/", "src/x", "src/x/y"}, []string{"srcx", "lib/src/x", "sr"}},
		{"*.pem", []string{"a.pem", ".pem"}, []string{"a/b.pem", "a.pem.bak"}},
		{"**/*.pem", []string{"a.pem", "a/b.pem", "a/b/c.pem"}, []string{"a.pemx"}},
		{"tests/**/fixtures", []string{"tests/fixtures", "tests/a/b/fixtures"}, []string{"tests/fixtures/x"}},
		{"a?c", []string{"abc", "a.c"}, []string{"a/c", "ac", "abbc"}},
		{"vendor/*", []string{"vendor/x"}, []string{"vendor/x/y", "vendor"}},
		{"a+b(c)", []string{"a+b(c)"}, []string{"aab(c)", "a+bc"}},
		{"/tmp/**", []string{"/tmp", "/tmp/x/y"}, []string{"tmp/x"}},
	}
	for _, tt := range tests {
		t.Run(tt.pattern, func(t *testing.T) {
			globs := CompileGlobs([]string{tt.pattern})
			if len(globs) != 1 {
				t.Fatalf("CompileGlobs(%q) compiled %d globs", tt.pattern, len(globs))
			}
			for _, n := range tt.match {
				if !anyMatch(globs, n) {
					t.Errorf("glob %q does not match %q", tt.pattern, n)
				}
			}
			for _, n := range tt.noMatch {
				if anyMatch(globs, n) {
					t.Errorf("glob %q matches %q", tt.pattern, n)
				}
			}
		})
	}
	if anyMatch(CompileGlobs([]string{"**"}), "") {
		t.Error("a glob matched the empty name")
	}
	if g := CompileGlobs(nil); anyMatch(g, "x") {
		t.Error("no globs matched a name")
	}
}

func BenchmarkPhaseEvent(b *testing.B) {
	for b.Loop() {
		PhaseEvent("FOO=1 make test && git -C sub commit -am 'wip' && git push origin HEAD")
	}
}
