package codesig

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// mutatesOf extracts src and returns the mutation list of function or
// method fn (F also names S.F), comma-joined.
func mutatesOf(t *testing.T, src, fn string) string {
	t.Helper()
	sigs, err := Go("m.go", []byte(src))
	if err != nil {
		t.Fatalf("extract: %v", err)
	}
	for _, s := range sigs {
		if s.Name == fn || strings.HasSuffix(s.Name, "."+fn) {
			return strings.Join(s.Mutates, ",")
		}
	}
	t.Fatalf("no signature %s in:\n%s", fn, src)
	return ""
}

// TestGoMutationRule is the rule of gomut.go, case by case: what counts
// and what does not.
func TestGoMutationRule(t *testing.T) {
	cases := []struct{ name, body, want string }{
		// Assignments.
		{"field through a pointer receiver", `func (s *S) F() { s.n = 1 }`, "s.n"},
		{"field of a value receiver is a copy", `func (s S) F() { s.n = 1 }`, ""},
		{"deeper path through a value receiver is shared", `func (s S) F() { s.m["k"] = 1; s.p.n = 2 }`, "s.m[],s.p.n"},
		{"field of a by-value parameter", `func F(o Options) { o.Timeout = 3 }`, ""},
		{"field of a pointer parameter", `func F(o *Options) { o.Timeout = 3 }`, "o.Timeout"},
		{"map parameter element", `func F(m map[string]int) { m["a"] = 1 }`, "m[]"},
		{"through a pointer", `func F(p *int) { *p = 2 }`, "*p"},
		{"package variable", `var hits int
func F() { hits++; hits += 2 }`, "hits"},
		{"a local hiding a package variable", `var hits int
func F() { hits := 0; hits++ }`, ""},
		{"plain locals and parameters", `func F(a int) { x := 1; x = 2; a = 3; _ = x }`, ""},
		{"append to a field", `func (s *S) F(v int) { s.items = append(s.items, v) }`, "s.items"},
		{"range with = into a field", `func (s *S) F(xs []int) { for s.i = range xs {} }`, "s.i"},
		{"channel send", `func (s *S) F() { s.out <- 1 }`, "s.out<-"},
		{"send on a channel made here", `func F() { ch := make(chan int, 1); ch <- 1 }`, ""},
		// Values the function made itself.
		{"composite literal built up", `func F() T { v := T{}; v.a = 1; v.m["x"] = 2; return v }`, ""},
		{"pointer to a literal built up", `func F() *T { p := &T{}; p.a = 1; return p }`, ""},
		{"make and new", `func F() { m := make(map[string]int); m["a"] = 1; p := new(T); p.n = 2; delete(m, "a") }`, ""},
		{"var of a zero value", `func F() string { var b strings.Builder; b.WriteString("x"); return b.String() }`, ""},
		{"a made value rebound to a shared one", `func (s *S) F() { v := &T{}; v = s.cur; v.n = 1 }`, "v.n"},
		{"append keeps a made slice made", `func F() []int { var xs []int; xs = append(xs, 1); xs[0] = 2; return xs }`, ""},
		{"encoder over a made buffer", `func F(v any) []byte { var buf bytes.Buffer; json.NewEncoder(&buf).Encode(v); return buf.Bytes() }`, ""},
		{"writer wrapping a made buffer", `func F(p []byte) { var buf bytes.Buffer; zw := gzip.NewWriter(&buf); zw.Write(p); zw.Close() }`, ""},
		{"encoder over a parameter", `func F(w io.Writer, v any) { json.NewEncoder(w).Encode(v) }`, "Encode"},
		// Methods that always change state.
		{"write to a parameter", `func F(w io.Writer) { w.Write(nil) }`, "w.Write"},
		{"write kept as a value still counts", `func F(w io.Writer) error { _, err := w.Write(nil); return err }`, "w.Write"},
		{"store and delete on a field", `func (s *S) F() { s.cache.Store(1, 2); s.cache.Delete(3) }`, "s.cache.Store,s.cache.Delete"},
		{"commit of a local transaction", `func F(db *sql.DB) error { tx, _ := db.Begin(); tx.Exec("x"); return tx.Commit() }`, "tx.Exec,tx.Commit"},
		{"close of what the function opened", `func F(p string) { f, _ := os.Open(p); defer f.Close() }`, ""},
		{"close of a field", `func (s *S) F() { s.ln.Close() }`, "s.ln.Close"},
		{"close of a parameter", `func F(c io.Closer) error { return c.Close() }`, "c.Close"},
		{"lock and unlock are not changes", `func (s *S) F() { s.mu.Lock(); defer s.mu.Unlock() }`, ""},
		{"a call chain is named by its method", `func F(w http.ResponseWriter) { w.Header().Set("k", "v") }`, "Set"},
		// Names that are pure on some types.
		{"time Add used as a value", `func F(since time.Time, d time.Duration) time.Time { return since.Add(d) }`, ""},
		{"time Add assigned", `func F(since time.Time, d time.Duration) bool { deadline := since.Add(d); return time.Now().After(deadline) }`, ""},
		{"time Add as an argument", `func F(t time.Time) { fmt.Println(t.Add(time.Second)) }`, ""},
		{"time Add in a condition", `func F(t time.Time) bool { if t.Add(time.Hour).Before(time.Now()) { return true }; return false }`, ""},
		{"time Add in a var", `func F(t time.Time) { var end = t.Add(time.Hour); _ = end }`, ""},
		{"time Truncate as a value", `func F(t time.Time) time.Time { day := t.Truncate(24 * time.Hour); return day }`, ""},
		{"wait group Add as a statement", `func (s *S) F() { s.wg.Add(1) }`, "s.wg.Add"},
		{"header Set as a statement", `func F(h http.Header) { h.Set("a", "b") }`, "h.Set"},
		{"values Set on a made value", `func F() string { v := url.Values{}; v.Set("q", "x"); return v.Encode() }`, ""},
		{"go and defer throw the result away", `func (s *S) F() { go s.n.Add(1); defer s.m.Add(2) }`, "s.n.Add,s.m.Add"},
		{"Truncate whose result is only an error", `func F(f *os.File) { if err := f.Truncate(0); err != nil { panic(err) } }`, "f.Truncate"},
		{"Truncate returned as the only error", `func F(f *os.File) error { return f.Truncate(0) }`, "f.Truncate"},
		{"Truncate returned as a value", `func F(t time.Time) time.Time { return t.Truncate(time.Hour) }`, ""},
		{"Add inside a literal returning only an error", `func F(s *S) { g := func() error { return s.m.Update(1) }; _ = g }`, "s.m.Update"},
		{"counter Add kept: a known miss", `func (s *S) F() int64 { return s.n.Add(1) }`, ""},
		// Built-ins and package functions.
		{"delete and clear on fields", `func (s *S) F() { delete(s.m, "k"); clear(s.other) }`, "s.m[],s.other[]"},
		{"copy into a parameter", `func F(dst, src []byte) { copy(dst, src) }`, "dst[]"},
		{"copy into a made slice", `func F(src []byte) []byte { dst := make([]byte, len(src)); copy(dst, src); return dst }`, ""},
		{"sort a field in place", `func (s *S) F() { sort.Slice(s.rows, func(i, j int) bool { return false }) }`, "s.rows[]"},
		{"sort a made slice", `func F(m map[string]int) []string { keys := make([]string, 0); sort.Strings(keys); return keys }`, ""},
		{"files and the environment", `func F(p string) { os.WriteFile(p, nil, 0o600); os.Setenv("A", "1"); os.Remove(p) }`, "os.WriteFile,os.Setenv,os.Remove"},
		{"atomics", `var n int64
func F() { atomic.AddInt64(&n, 1) }`, "atomic.AddInt64"},
		{"pure package functions", `func F(s []int) string { s = slices.Clone(s); return strings.Repeat("x", len(s)) + time.Now().String() }`, ""},
		{"a local shadowing a package name", `func F() { os := S{}; os.Remove("x") }`, ""},
		{"a closure", `func F() { go func() { cache.Store(1, 2) }() }`, "cache.Store"},
		{"at most five", `func (s *S) F() { s.a = 1; s.b = 2; s.c = 3; s.d = 4; s.e = 5; s.f = 6 }`, "s.a,s.b,s.c,s.d,s.e"},
		{"the same one once", `func (s *S) F() { s.a = 1; s.a = 2; s.a++ }`, "s.a"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := mutatesOf(t, "package p\n\n"+c.body+"\n", "F"); got != c.want {
				t.Errorf("mutates(%s), want (%s), in:\n%s", got, c.want, c.body)
			}
		})
	}
}

// TestGoOwnMethods: a method that calls another method of its type on its
// receiver changes what that one changes, followed several calls deep;
// a value receiver's calls change only its copy.
func TestGoOwnMethods(t *testing.T) {
	src := `package p

import (
	"os"
	yaml "gopkg.in/yaml.v3"
	git "github.com/go-git/go-git/v5"
)

func (s *S) AddAll(xs []int) { for _, x := range xs { s.add(x) } }
func (s *S) add(x int)       { s.grow(); s.items = append(s.items, x) }
func (s *S) grow()           { s.cap *= 2 }
func (s *S) Len() int        { return s.size() }
func (s *S) size() int       { return len(s.items) }
func (s S) Peek() int        { s.grow(); return 0 }
func (s *S) Save(p string)   { s.write(p) }
func (s S) write(p string)   { os.WriteFile(p, nil, 0o600) }
func (s *S) Parse(b []byte)  { yaml.Unmarshal(b, s); git.PlainInit("x", false) }
`
	want := map[string]string{
		"S.AddAll": "s.add", "S.add": "s.grow,s.items", "S.grow": "s.cap", "S.Len": "", "S.size": "",
		"S.Peek": "", "S.Save": "s.write", "S.write": "os.WriteFile", "S.Parse": "",
	}
	for fn, w := range want {
		if got := mutatesOf(t, src, fn); got != w {
			t.Errorf("%s mutates(%s), want (%s)", fn, got, w)
		}
	}
}

// BenchmarkGoSignatures extracts the signatures of this package's own Go
// files, mutations and the file's own mutating methods included.
func BenchmarkGoSignatures(b *testing.B) {
	names, _ := filepath.Glob("*.go")
	var srcs [][]byte
	for _, n := range names {
		data, err := os.ReadFile(n)
		if err != nil {
			b.Fatal(err)
		}
		srcs = append(srcs, data)
	}
	for b.Loop() {
		for i, src := range srcs {
			if _, err := Go(names[i], src); err != nil {
				b.Fatal(err)
			}
		}
	}
}
