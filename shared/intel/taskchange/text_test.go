package taskchange

import (
	"reflect"
	"testing"
)

func TestStopWords(t *testing.T) {
	if len(stopWords) != 70 {
		t.Errorf("len(stopWords) = %d, want 70", len(stopWords))
	}
	for _, w := range []string{"the", "please", "lets", "ill", "im", "about", "being"} {
		if !stopWords[w] {
			t.Errorf("stop word %q missing", w)
		}
	}
}

func TestKeywords(t *testing.T) {
	tests := []struct {
		text string
		want []string
	}{
		{"", nil},
		{"Please fix the LOGIN token refresh!", []string{"fix", "login", "token", "refresh"}},
		{"we should do it now", nil}, // all stop words or short
		{"go to db: ok?", nil},       // two-letter words dropped
		{"see src/auth/login.go.", []string{"see", "src/auth/login.go"}}, // path kept whole, edge dot trimmed
		{"snake_case kebab-case x.y", []string{"snake_case", "kebab-case", "x.y"}},
		{"café ümlaut", []string{"caf", "mlaut"}}, // non-ASCII reads as a space
		{"login, login; LOGIN", []string{"login"}},
	}
	for _, tt := range tests {
		got := Keywords(tt.text)
		if len(got) != len(tt.want) {
			t.Errorf("Keywords(%q) = %v, want %v", tt.text, got, tt.want)
			continue
		}
		for _, w := range tt.want {
			if !got[w] {
				t.Errorf("Keywords(%q) = %v, want %v", tt.text, got, tt.want)
			}
		}
	}
}

func TestJaccard(t *testing.T) {
	tests := []struct {
		a, b   []string
		want   float64
		wantOK bool
	}{
		{nil, []string{"x"}, 0, false},
		{[]string{"x"}, nil, 0, false},
		{[]string{"a", "b"}, []string{"a", "b"}, 1, true},
		{[]string{"a", "b"}, []string{"c"}, 0, true},
		{[]string{"a", "b", "c"}, []string{"b", "c", "d"}, 0.5, true},
	}
	for _, tt := range tests {
		got, ok := Jaccard(setOf(tt.a), setOf(tt.b))
		if got != tt.want || ok != tt.wantOK {
			t.Errorf("Jaccard(%v, %v) = %v, %v; want %v, %v", tt.a, tt.b, got, ok, tt.want, tt.wantOK)
		}
	}
}

func TestMentions(t *testing.T) {
	tests := []struct {
		name, text string
		want       []string
	}{
		{"none", "make the tests pass please", nil},
		{"at mention", "look at @README.md and @src/app.ts", []string{"README.md", "src/app.ts"}},
		{"at mention without dot", "open @Makefile now", []string{"Makefile"}},
		{"email is not a mention", "mail bob@example.com about it", nil},
		{"backticked with dot", "the `config.go` file", []string{"config.go"}},
		{"backticked with slash", "in `internal/db` we", []string{"internal/db"}},
		{"backticked with space", "run `go test ./...` now", nil},
		{"backticked without dot or slash", "call `Parse` twice", nil},
		{"bare slash", "edit src/billing/invoice.go, then src/billing/ledger.go.", []string{"src/billing/invoice.go", "src/billing/ledger.go"}},
		{"bare dot only is not a mention", "bump to v1.2 in main.go", nil},
		{"absolute path", "see /home/dev/proj/src/a.go", []string{"/home/dev/proj/src/a.go"}},
		{"path in json", `{"file_path":"/p/src/auth/login.go"}`, []string{"/p/src/auth/login.go"}},
		{"url", "see https://github.com/org/repo/blob/x.go", nil},
		{"slash command", "then /compact and /clear", nil},
		{"fraction and date", "1/2 of it on 12/05/2026", nil},
		{"dot slash", "run ./scripts/build.sh", []string{"./scripts/build.sh"}},
		{"trailing slash directory", "everything under src/billing/ please", []string{"src/billing/"}},
		{"dedupe", "src/a/b.go and `src/a/b.go` and @src/a/b.go", []string{"src/a/b.go"}},
		{"parenthesised", "(see pkg/x/y.go)", []string{"pkg/x/y.go"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Mentions(tt.text); !reflect.DeepEqual(got, tt.want) {
				t.Errorf("Mentions(%q) = %q, want %q", tt.text, got, tt.want)
			}
		})
	}
}

func TestNormalize(t *testing.T) {
	tests := []struct{ in, root, want string }{
		{"./src/Auth/Login.go", "", "src/auth/login.go"},
		{"@src/a.go", "", "src/a.go"},
		{"/home/dev/proj/src/a.go", "/home/dev/proj", "src/a.go"},
		{"/home/dev/proj/src/a.go", "/home/dev/proj/", "src/a.go"},
		{"/home/dev/projx/a.go", "/home/dev/proj", "/home/dev/projx/a.go"},
		{"/etc/hosts", "", "/etc/hosts"},
		{"src/billing/", "", "src/billing"},
		{"src//a/../b.go", "", "src/b.go"},
		{"./", "", ""},
		{"/", "/", ""},
	}
	for _, tt := range tests {
		if got := Normalize(tt.in, tt.root); got != tt.want {
			t.Errorf("Normalize(%q, %q) = %q, want %q", tt.in, tt.root, got, tt.want)
		}
	}
}

func TestRoot(t *testing.T) {
	tests := []struct{ in, want string }{
		{"src/auth/login.go", "src/auth"},
		{"src/auth/deep/x.go", "src/auth"},
		{"src/auth", "src/auth"},
		{"src/main.go", "src"},
		{"main.go", ""},
		{"makefile", "makefile"},
		{"/etc/hosts", "/etc/hosts"},
		{"/etc/nginx/conf.d/x.conf", "/etc/nginx"},
	}
	for _, tt := range tests {
		if got := Root(tt.in); got != tt.want {
			t.Errorf("Root(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}
