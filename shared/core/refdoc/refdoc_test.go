package refdoc

import (
	"errors"
	"strings"
	"testing"
	"testing/fstest"
)

var pages = fstest.MapFS{
	"relay.md":     {Data: []byte("# Relay: hand over, `/clear`, resume\n\nThe relay hands over.\n\n[← README](../README.md#the-reference-pages)\n\n## Phases\n\nSee [Configuration](configuration.md#relay) and [go-json](https://github.com/goccy/go-json).\n")},
	"ai-memory.md": {Data: []byte("# `ai memory`: permanent memory\n\n<!-- runnable -->\n```sh\nai memory init\n```\n")},
	"notes.txt":    {Data: []byte("not a page")},
}

func TestHelp(t *testing.T) {
	tests := []struct {
		name  string
		words []string
		want  []string // substrings, in order
		not   []string
		err   string
	}{
		{name: "the list", want: []string{"si help TOPIC prints one", "ai-memory  ai memory: permanent memory", "relay      Relay: hand over, /clear, resume"}, not: []string{"notes"}},
		{name: "a page", words: []string{"relay"}, want: []string{"# Relay: hand over, `/clear`, resume", "The relay hands over.\n\n## Phases", "See Configuration (si help configuration) and go-json <https://github.com/goccy/go-json>."}, not: []string{"README"}},
		{name: "words joined", words: []string{"AI", "memory"}, want: []string{"# `ai memory`", "```sh\nai memory init\n```"}, not: []string{"runnable"}},
		{name: "unknown", words: []string{"relya"}, err: `no help topic "relya"; the topics: ai-memory, relay`},
		{name: "no path out", words: []string{"../README"}, err: "no help topic"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Help(pages, "si", tt.words)
			if tt.err != "" {
				if err == nil || !strings.Contains(err.Error(), tt.err) {
					t.Fatalf("err = %v, want %q", err, tt.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			rest := got
			for _, w := range tt.want {
				i := strings.Index(rest, w)
				if i < 0 {
					t.Fatalf("missing %q (in order) in:\n%s", w, got)
				}
				rest = rest[i+len(w):]
			}
			for _, n := range tt.not {
				if strings.Contains(got, n) {
					t.Errorf("has %q:\n%s", n, got)
				}
			}
		})
	}
}

func TestNoPages(t *testing.T) {
	for _, fsys := range []fstest.MapFS{nil, {"x.txt": {}}} {
		if _, err := Help(fsys, "ai", nil); !errors.Is(err, ErrNoPages) {
			t.Errorf("err = %v, want ErrNoPages", err)
		}
	}
}

func TestPageCapped(t *testing.T) {
	big := fstest.MapFS{"big.md": {Data: []byte("# Big\n" + strings.Repeat("x", maxPage))}}
	if _, err := Help(big, "si", []string{"big"}); err == nil || !strings.Contains(err.Error(), "over") {
		t.Errorf("err = %v, want the cap", err)
	}
}

func TestRenderPlain(t *testing.T) {
	got := Render("# T\x1b[31m\n\ttab \x07bell\r\n<!-- BEGIN x -->\n```\n<!-- kept in code -->\n[a](b.md) stays\n```\n", "ai")
	want := "# T[31m\n\ttab bell\n```\n<!-- kept in code -->\n[a](b.md) stays\n```\n"
	if got != want {
		t.Errorf("Render =\n%q\nwant\n%q", got, want)
	}
}
