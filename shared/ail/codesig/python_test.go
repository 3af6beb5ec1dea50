package codesig

import (
	"strings"
	"testing"

	"github.com/session-intelligence/session-intelligence/shared/ail"
)

// sigLines formats signatures one per line, as they appear after @SIG.
func sigLines(t *testing.T, lang Lang, src string) string {
	t.Helper()
	sigs, err := Extract(lang, "m.py", []byte(src))
	if err != nil {
		t.Fatalf("extract: %v", err)
	}
	var b strings.Builder
	for _, s := range sigs {
		// Every extracted signature must be writable as a @SIG line
		// unchanged.
		if l, err := ail.SigLine(s); err != nil || l.Body != s.String() {
			t.Errorf("SigLine(%s) = %q, %v", s, l.Body, err)
		}
		b.WriteString(s.String())
		b.WriteByte('\n')
	}
	return b.String()
}

func TestPythonSignatures(t *testing.T) {
	cases := []struct{ name, src, want string }{
		{"plain and inferred returns", `
def f(a, b: int = 3) -> str:
    return str(a)
def g(x):
    return x * 2
def h(x):
    print(x)
    return
def gen(n):
    yield n
`, `m.py|f(a,b:int=3)->str
m.py|g(x)->Any
m.py|h(x)->None
m.py|gen(n)->Any
`},
		{"async and decorators", `
@app.get("/items/{id}", tags=["def fake(): pass"])
@cache
async def fetch(url: str, *, timeout: float = 2.0) -> bytes:
    async with session.get(url) as r:
        return await r.read()

@decorator(
    "multi",
    line=True,
)
def wrapped(): pass
`, `m.py|~fetch(url:str,*,timeout:float=2.0)->bytes
m.py|wrapped()->None
`},
		{"nested classes and functions", `
class Outer:
    class Inner:
        def method(self, x: list[int]) -> None:
            self.items.extend(x)
    def run(self):
        def helper(y):
            return y
        class Local:
            def go(self): ...
        return helper
    @staticmethod
    def build(cfg: dict[str, int]) -> "Outer":
        return Outer()
    @classmethod
    def make(cls, n=10): return cls()
`, `m.py|Outer.Inner.method(x:list[int])->None|mutates(self.items.extend)
m.py|Outer.run()->Any
m.py|Outer.run.helper(y)->Any
m.py|Outer.run.Local.go()->None
m.py|Outer.build(cfg:dict[str,int])->"Outer"
m.py|Outer.make(n=10)->Any
`},
		{"defaults, varargs and markers", `
def f(a, /, b=(1, 2), *args: int, sep: str = ",", end="a very long default string", **kwargs: Any) -> str | None:
    pass
def g(x=lambda y: y + 1, z={"k": [1, 2]}):
    pass
`, `m.py|f(a,/,b=(1,2),*args:int,sep:str=",",end=...,**kwargs:Any)->str|None
m.py|g(x=lambda y: y + 1,z={"k": [1,2]})->None
`},
		{"match statements", `
def route(self, command):
    match command.split():
        case [action]:
            self.last = action
        case ["go", direction] if direction in self.exits:
            self.moves += 1
        case Point(x=0, y=0):
            return "origin"
        case {"cmd": cmd, **rest}:
            self.history.append(cmd)
        case _:
            pass
    match = re.match(r"x", command)
    case = 3
`, `m.py|route(self,command)->Any|mutates(self.last,self.moves,self.history.append)
`},
		{"mutations capped at five", `
class Repo:
    def save(self, row: dict) -> int:
        global COUNTER
        self.rows[row["id"]] = row
        self.count += 1
        self.a, self.b = 1, 2
        self.path.write_text("x")
        self.db.commit()
        return 1
`, `m.py|Repo.save(row:dict)->int|mutates(global:COUNTER,self.rows[],self.count,self.a,self.b)
`},
		{"nonlocal, del, annotated and calls", `
def outer():
    n = 0
    def inner(key):
        nonlocal n
        del cache[key], local
        state.total: int = 5
        d[key] = compute(key == other, flag=True)
        if key: storage.put_object_bytes(key, b"")
        for k in ks: conn.execute("x=1")
    return inner
`, `m.py|outer()->Any
m.py|outer.inner(key)->None|mutates(nonlocal:n,cache[],state.total,d[],storage.put_object_bytes)
`},
		{"strings, comments, continuation", `
"""Module docstring.
def not_a_function(x):
    pass
"""
# def commented_out(): pass
x = f"{'def nope():'}" + f"{d["k"]:>{width}}"
def real(a, \
         b):  # trailing comment with def
    s = """
def inside_string(): pass
"""
    return s
PEP_695 = 1
def first[T](xs: list[T]) -> T:
    return xs[0]
class Box[T]:
    def get(self) -> T: ...
`, `m.py|real(a,b)->Any
m.py|first[T](xs:list[T])->T
m.py|Box.get()->T
`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := sigLines(t, LangPython, c.src); got != c.want {
				t.Fatalf("got:\n%s\nwant:\n%s", got, c.want)
			}
		})
	}
}

// TestPythonNeverFails: fragments and broken code yield what they can.
func TestPythonNeverFails(t *testing.T) {
	for _, src := range []string{"", "def", "def f(", "class", "def f(x: 'unterminated", "  def f(): pass\ndef g(", "@", "async", "\x00\xff"} {
		Python("x.py", []byte(src))
	}
	if got := sigLines(t, LangPython, "    def indented(self, a): pass\n"); got != "m.py|indented(self,a)->None\n" {
		t.Fatalf("indented fragment: %q", got)
	}
}
