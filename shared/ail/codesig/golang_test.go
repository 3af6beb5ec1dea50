package codesig

import (
	"strings"
	"testing"
)

func TestGoSignatures(t *testing.T) {
	cases := []struct{ name, src, want string }{
		{"functions and methods", `package p

var hits int

func Plain() {}
func Sum(a, b int, rest ...int) int { hits++; return a + b }
func Split(s string) (head, tail string, err error) { return }
func (r *Repo) Save(ctx context.Context, row map[string]any) (int64, error) {
	r.rows[row["id"].(string)] = row
	r.count++
	return 0, nil
}
func (Repo) name() string { return "" }
`, `m.py|Plain()->()
m.py|Sum(a:int,b:int,rest:...int)->int|mutates(hits)
m.py|Split(s:string)->(head:string,tail:string,err:error)
m.py|Repo.Save(ctx:context.Context,row:map[string]any)->(int64,error)|mutates(r.rows[],r.count)
m.py|Repo.name()->string
`},
		{"generics and interfaces", `package p

type Store[K comparable, V any] struct{ m map[K]V }

func (s *Store[K, V]) Put(k K, v V) { s.m[k] = v }
func Map[T, U any](xs []T, f func(T) U) []U { return nil }

type Sink interface {
	io.Writer
	Emit(ctx context.Context, ev Event) error
	Close() error
}
`, `m.py|Store.Put(k:K,v:V)->()|mutates(s.m[])
m.py|Map[T:any,U:any](xs:[]T,f:func(T) U)->[]U
m.py|Sink.Emit(ctx:context.Context,ev:Event)->error
m.py|Sink.Close()->error
`},
		{"mutations", `package p

func (s *Server) Handle(w http.ResponseWriter, p *State) {
	delete(s.sessions, "x")
	*p = State{}
	w.Write([]byte("ok"))
	os.WriteFile("f", nil, 0o600)
	json.NewEncoder(w).Encode(p)
	s.mu.Lock()
	s.extra = 1
}
func Closure() {
	go func() { cache.Store(1, 2) }()
	x := 1
	x = 2
	_ = x
}
`, `m.py|Server.Handle(w:http.ResponseWriter,p:*State)->()|mutates(s.sessions[],*p,w.Write,os.WriteFile,Encode)
m.py|Closure()->()|mutates(cache.Store)
`},
		{"snippet without package", `func Add(a, b int) int {
	return a + b
}`, `m.py|Add(a:int,b:int)->int
`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := sigLines(t, LangGo, c.src); got != c.want {
				t.Fatalf("got:\n%s\nwant:\n%s", got, c.want)
			}
		})
	}
	if _, err := Go("bad.go", []byte("x := := 1")); err == nil || !strings.Contains(err.Error(), "parse go bad.go") {
		t.Fatalf("broken Go: %v", err)
	}
}

func TestLangDetection(t *testing.T) {
	paths := map[string]Lang{"a/b.go": LangGo, "x.PY": LangPython, "t.pyi": LangPython, "r.rs": "", "Makefile": ""}
	for p, want := range paths {
		if got := LangOfPath(p); got != want {
			t.Errorf("LangOfPath(%q) = %q, want %q", p, got, want)
		}
	}
	fences := []struct {
		info, code string
		want       Lang
	}{
		{"go", "", LangGo}, {"Python title=x.py", "", LangPython}, {"py3", "", LangPython},
		{"", "func main() {}", LangGo}, {"", "  async def f(): pass", LangPython}, {"", "class A:", LangPython},
		{"bash", "def x", ""}, {"", "ls -l", ""},
	}
	for _, f := range fences {
		if got := LangOfFence(f.info, f.code); got != f.want {
			t.Errorf("LangOfFence(%q, %q) = %q, want %q", f.info, f.code, got, f.want)
		}
	}
}
