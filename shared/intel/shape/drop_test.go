package shape

import (
	"slices"
	"strings"
	"testing"
)

// work builds a shape log in /w/p at depth 2: each name is a rooted call
// (a file below it, or the folder itself with a trailing slash, as `ls
// src` logs it), "commit" is a commit, and a number repeats the call
// before it that many times more. Tokens grow by 1k a call, the clock by
// a minute.
func work(steps ...string) []Entry {
	var out []Entry
	add := func(s string) {
		n := int64(len(out))
		e := Entry{T: 1_000_000 + 60*n, Tok: 10_000 + 1_000*n, Tool: "Read"}
		switch {
		case s == "commit":
			e.Tool, e.Event = "Bash", EventCommit
		case strings.HasSuffix(s, "/"):
			e.File = str(s)
		default:
			e.File = str(s + "/f.go")
		}
		if e.File != nil {
			e.Root = str("?") // re-derived from the file against Cwd
		}
		out = append(out, e)
	}
	for _, s := range steps {
		if n := atoi(s); n > 0 {
			last := steps[slices.Index(steps, s)-1]
			for range n {
				add(last)
			}
			continue
		}
		add(s)
	}
	return out
}

func atoi(s string) int {
	n := 0
	for _, c := range s {
		if c < '0' || c > '9' {
			return 0
		}
		n = n*10 + int(c-'0')
	}
	return n
}

// bandOfRoot is the band a root ended in, "" when it is in none.
func bandOfRoot(a *Analysis, root string) Band {
	switch {
	case slices.Contains(a.Bands.Hot, root):
		return Hot
	case slices.Contains(a.Bands.Warm, root):
		return Warm
	case slices.Contains(a.Bands.Cold, root):
		return Cold
	}
	return ""
}

func safe(mod func(*Options)) Options {
	o := Options{Cwd: "/w/p", Depth: 2}
	if mod != nil {
		mod(&o)
	}
	return o
}

// TestDropRules checks each rule that keeps a folder out of DROP: the
// same log gives a COLD root under the seed's scoring (ScoreDrop), so
// each case can fail.
func TestDropRules(t *testing.T) {
	old := []string{"lib/old", "2", "commit", "app/new", "40"}
	tests := []struct {
		name  string
		log   []string
		root  string
		opt   Options
		want  Band
		other map[string]Band // more roots and their bands
	}{
		{"finished work is dropped", old, "lib/old", safe(nil), Cold, map[string]Band{"app/new": Hot}},
		{"the top level", []string{"./", "2", "commit", "app/new", "40"}, ".", safe(nil), Warm, nil},
		{"/tmp/x", []string{"/tmp/x/", "2", "commit", "app/new", "40"}, "/tmp/x", safe(nil), Warm, nil},
		{"/home/u", []string{"/home/u/", "2", "commit", "app/new", "40"}, "/home/u", safe(nil), Warm, nil},
		{"a parent beside its child", []string{"docs/", "docs/api", "2", "commit", "app/new", "40"}, "docs", safe(nil), Warm,
			map[string]Band{"docs/api": Warm}},
		{"a child beside its parent", []string{"docs/api", "docs/", "2", "commit", "app/new", "40"}, "docs/api", safe(nil), Warm,
			map[string]Band{"docs": Warm}},
		{"holds a file in flight", old, "lib/old", safe(func(o *Options) { o.InFlight = []string{"/w/p/lib/old/f.go"} }), Hot, nil},
		{"holds a key file", old, "lib/old", safe(func(o *Options) { o.KeyFiles = []string{"- `lib/old/f.go` — the parser"} }), Hot, nil},
		{"a folder above a key file", []string{"lib/", "2", "commit", "app/new", "40"}, "lib",
			safe(func(o *Options) { o.KeyFiles = []string{"lib/deep/x.go"} }), Warm, map[string]Band{"lib/deep": Hot}},
		{"touched within the last 30 calls", []string{"lib/old", "2", "commit", "app/new", "28"}, "lib/old", safe(nil), Hot, nil},
		{"touched since the latest commit", []string{"commit", "lib/old", "2", "app/new", "40"}, "lib/old", safe(nil), Warm, nil},
		{"a commit made outside the session", []string{"lib/old", "2", "app/new", "40"}, "lib/old",
			safe(func(o *Options) { o.Committed = 1_000_000 + 60*3 }), Cold, nil},
		{"no commit at all", []string{"lib/old", "2", "app/new", "40"}, "lib/old", safe(nil), Warm, nil},
		{"a drop glob keeps to the rules", []string{"lib/old", "2", "app/new", "40"}, "lib/old",
			safe(func(o *Options) { o.Drop = CompileGlobs([]string{"lib/**"}) }), Warm, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			log := work(tt.log...)
			a := Analyze(log, tt.opt)
			if got := bandOfRoot(a, tt.root); got != tt.want {
				t.Errorf("%s is %q, want %q (bands %+v)", tt.root, got, tt.want, a.Bands)
			}
			for root, want := range tt.other {
				if got := bandOfRoot(a, root); got != want {
					t.Errorf("%s is %q, want %q (bands %+v)", root, got, want, a.Bands)
				}
			}
			seed := tt.opt
			seed.ScoreDrop = true
			if tt.want != Cold && tt.root != "." && bandOfRoot(Analyze(log, seed), tt.root) != Cold {
				t.Errorf("the seed's scoring does not drop %s either: the case tests no rule", tt.root)
			}
		})
	}
}

// TestDropTinyRepository is the case a new user met in a small
// repository: the guidance listed src/auth/a.go and src/billing/b.go as
// KEY FILES and, in the same block, src as SAFE TO DROP, although both
// folders were used in each of the last five calls; the resume then said
// "Dropped from context: src". src is never dropped while a file below it
// is a key file or in flight, and the folders in use are PRESERVE.
func TestDropTinyRepository(t *testing.T) {
	log := work("src/", "README.md/", "commit")
	for range 20 {
		log = append(log, work("src/auth", "src/billing")...)
	}
	for i := range log {
		log[i].T, log[i].Tok = 1_000_000+60*int64(i), 10_000+1_000*int64(i)
	}
	files := []string{"src/auth/a.go", "src/billing/b.go"}
	for _, o := range []Options{
		safe(func(o *Options) { o.KeyFiles = files }),
		safe(func(o *Options) { o.InFlight = []string{"/w/p/src/auth/a.go", "/w/p/src/billing/b.go"} }),
		safe(nil), // src is beside its own subfolders
	} {
		a := Analyze(log, o)
		if slices.Contains(a.Bands.Cold, "src") {
			t.Errorf("src is DROP (bands %+v, options %+v)", a.Bands, o)
		}
		for _, hot := range []string{"src/auth", "src/billing"} {
			if !slices.Contains(a.Bands.Hot, hot) {
				t.Errorf("%s is not PRESERVE (bands %+v)", hot, a.Bands)
			}
		}
	}
	if a := Analyze(log, Options{Cwd: "/w/p", Depth: 2, ScoreDrop: true}); !slices.Contains(a.Bands.Cold, "src") {
		t.Errorf("the seed's scoring no longer drops src (bands %+v): the case tests nothing", a.Bands)
	}
}

// TestDropPinnedRootAdded: the root of a file in flight that the log
// does not hold (edited before the log's oldest entry, or outside the
// session) is PRESERVE all the same; one outside the project is not.
func TestDropPinnedRootAdded(t *testing.T) {
	a := Analyze(work("app/new", "40"), safe(func(o *Options) {
		o.InFlight = []string{"/w/p/pkg/gone/x.go", "/elsewhere/y.go", "z.go"}
	}))
	if got := a.Bands.Hot; !slices.Equal(got, []string{"app/new", "pkg/gone"}) {
		t.Errorf("PRESERVE = %v, want app/new and pkg/gone", got)
	}
	for _, r := range a.Hot {
		if r.Name == "pkg/gone" && (r.Count != 0 || !slices.Equal(r.Samples, []string{"pkg/gone/x.go"})) {
			t.Errorf("pkg/gone = %+v, want no calls and its file as the sample", r)
		}
	}
}

func TestKeyFilePath(t *testing.T) {
	tests := map[string]string{
		"src/a.go":                       "src/a.go",
		"- src/a.go":                     "src/a.go",
		"* `src/a.go` — the login":       "src/a.go",
		"- \"docs/x y.md\" notes":        "docs/x y.md",
		"- src/auth/: the handlers":      "src/auth/",
		"- internal/x.go:":               "internal/x.go",
		"":                               "",
		"-":                              "",
		"- ``":                           "",
		"- " + strings.Repeat("a", 5000): "",
	}
	for in, want := range tests {
		if got := KeyFilePath(in); got != want {
			t.Errorf("KeyFilePath(%q) = %q, want %q", in, got, want)
		}
	}
}
