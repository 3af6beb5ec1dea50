package ail

import (
	"errors"
	"strings"
	"testing"
)

// seedExample is the snapshot of the format's own documentation.
const seedExample = `!AILv1
@MEM $1=recipe_api $2=MinIO $3=Celery_Redis
@ARCH $1[FastAPI|Postgres] := upload->$2:originals->$3:make_thumbnails->$2:thumbs
@LOG !FastAPI_BackgroundTasks(lost_40_jobs_on_redeploy) -> ^$3_acks_late
@SIG worker.py|make_thumbnails(photo_id:int,key:str)->list[str]|mutates(storage.put_object_bytes)
@NEXT ?per_user_upload_rate_limit
`

func parse(t *testing.T, s string) *Document {
	t.Helper()
	d, err := ParseString(s, Limits{})
	if err != nil {
		t.Fatalf("parse %q: %v", s, err)
	}
	return d
}

func hydrate(t *testing.T, s string) string {
	t.Helper()
	out, err := parse(t, s).Hydrate(Limits{})
	if err != nil {
		t.Fatalf("hydrate %q: %v", s, err)
	}
	return out
}

func TestSeedExample(t *testing.T) {
	want := `@ARCH recipe_api[FastAPI|Postgres] := upload->MinIO:originals->Celery_Redis:make_thumbnails->MinIO:thumbs
@LOG !FastAPI_BackgroundTasks(lost_40_jobs_on_redeploy) -> ^$3_acks_late
@SIG worker.py|make_thumbnails(photo_id:int,key:str)->list[str]|mutates(storage.put_object_bytes)
@NEXT ?per_user_upload_rate_limit
`
	// $3_acks_late stays: "_" continues the number's word, but a pointer
	// is $ and digits only, so $3 resolves and _acks_late follows.
	want = strings.Replace(want, "^$3_acks_late", "^Celery_Redis_acks_late", 1)
	if got := hydrate(t, seedExample); got != want {
		t.Fatalf("hydrate:\n%s\nwant:\n%s", got, want)
	}
	d := parse(t, seedExample)
	if len(d.Mem) != 3 || d.Mem[2] != (Pointer{ID: 3, Value: "Celery_Redis", Line: 2}) {
		t.Fatalf("mem = %+v", d.Mem)
	}
}

// TestParseErrors: each malformed document fails on the right line with
// a message that says what was expected.
func TestParseErrors(t *testing.T) {
	cases := []struct {
		name, in string
		line     int
		msg      string
	}{
		{"empty", "", 1, "missing !AILv1 header"},
		{"no header", "@CTX hi\n", 1, "missing !AILv1 header"},
		{"wrong version", "!AILv2\n", 1, "missing !AILv1"},
		{"prose", "!AILv1\n@CTX ok\njust text\n", 3, "not a section"},
		{"unknown tag", "!AILv1\n@FOO x\n", 2, `unknown section "@FOO"`},
		{"glued tag", "!AILv1\n@CTXhello\n", 2, "unknown section"},
		{"header twice", "!AILv1\n!AILv1\n", 2, "header repeated"},
		{"empty ctx", "!AILv1\n@CTX   \n", 2, "@CTX: empty"},
		{"empty arch", "!AILv1\n@ARCH\n", 2, "@ARCH: empty"},
		{"mem shape", "!AILv1\n@MEM $1\n", 2, "want $N=value"},
		{"mem zero", "!AILv1\n@MEM $0=x\n", 2, "bad pointer"},
		{"mem leading zero", "!AILv1\n@MEM $01=x\n", 2, "bad pointer"},
		{"mem letters", "!AILv1\n@MEM $1a=x\n", 2, "bad pointer"},
		{"mem huge id", "!AILv1\n@MEM $1234567=x\n", 2, "bad pointer"},
		{"mem empty value", "!AILv1\n@MEM $1=\n", 2, "empty value"},
		{"mem duplicate", "!AILv1\n@MEM $1=a\n# c\n@MEM $1=b\n", 4, "$1 already defined on line 2"},
		{"log no bang", "!AILv1\n@LOG a(b) -> ^c\n", 2, "@LOG: want"},
		{"log no arrow", "!AILv1\n@LOG !a(b) ^c\n", 2, "@LOG: want"},
		{"log empty reason", "!AILv1\n@LOG !a() -> ^c\n", 2, "empty reason"},
		{"log no replacement", "!AILv1\n@LOG !a(b) -> ^\n", 2, "@LOG"},
		{"sig no file", "!AILv1\n@SIG f(x)->int\n", 2, "@SIG: want"},
		{"sig no parens", "!AILv1\n@SIG a.py|f->int\n", 2, "no name("},
		{"sig unbalanced", "!AILv1\n@SIG a.py|f(x:list[int)->int\n", 2, "unbalanced"},
		{"sig no arrow", "!AILv1\n@SIG a.py|f(x)int\n", 2, "no ->"},
		{"sig no return", "!AILv1\n@SIG a.py|f(x)->\n", 2, "empty return"},
		{"sig empty arg", "!AILv1\n@SIG a.py|f(x,)->int\n", 2, "empty argument"},
		{"sig empty mutates", "!AILv1\n@SIG a.py|f()->int|mutates()\n", 2, "empty mutation"},
		{"next no question", "!AILv1\n@NEXT do_it\n", 2, "@NEXT"},
		{"next empty task", "!AILv1\n@NEXT ?a ? ?b\n", 2, "task 2 is empty"},
		{"invalid utf8", "!AILv1\n@CTX caf\xe9\n", 2, "invalid UTF-8 at byte 9"},
		{"escape", "!AILv1\n@CTX \x1b[2Jcleared\n", 2, "control character U+001B"},
		{"nul", "!AILv1\n@CTX a\x00b\n", 2, "control character U+0000"},
		{"carriage return inside", "!AILv1\n@CTX a\rb\n", 2, "control character U+000D"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := ParseString(c.in, Limits{})
			var e *Error
			if !errors.As(err, &e) {
				t.Fatalf("err = %v, want *Error", err)
			}
			if e.Line != c.line || !strings.Contains(e.Msg, c.msg) {
				t.Fatalf("err = %q (line %d), want line %d containing %q", err, e.Line, c.line, c.msg)
			}
			if !strings.HasPrefix(err.Error(), "line ") {
				t.Fatalf("error %q does not name the line", err)
			}
		})
	}
}

// TestParseAccepts: white space, comments, CRLF, a BOM and hand-written
// variations that the grammar allows.
func TestParseAccepts(t *testing.T) {
	in := "\uFEFF\r\n  !AILv1  \r\n# comment\r\n\r\n   @CTX   spaced out   \r\n" +
		"@LOG !a(b)->^c\n@LOG !x(y (z)) -> ^w\n@NEXT\n@MEM\n@SIG $1|~f[T](xs:list[T],sep:str=')')->T\n"
	d := parse(t, in)
	if len(d.Lines) != 5 || d.Lines[0].Body != "spaced out" || d.Lines[0].No != 5 {
		t.Fatalf("lines = %+v", d.Lines)
	}
	r, _ := ParseLog(d.Lines[2].Body)
	if r != (Rejection{"x", "y (z)", "w"}) {
		t.Fatalf("log = %+v", r)
	}
	s, err := ParseSig(d.Lines[4].Body)
	if err != nil || !s.Async || s.Name != "f[T]" || len(s.Args) != 2 || s.Args[1] != "sep:str=')'" || s.Ret != "T" {
		t.Fatalf("sig = %+v, %v", s, err)
	}
}

func TestLimits(t *testing.T) {
	lim := Limits{MaxInput: 64, MaxLine: 24, MaxOutput: 32}
	if _, err := ParseString("!AILv1\n@CTX "+strings.Repeat("x", 30)+"\n", lim); err == nil || !strings.Contains(err.Error(), "line 2: 35 bytes, over the 24-byte line limit") {
		t.Fatalf("long line: %v", err)
	}
	if _, err := Parse(strings.NewReader(strings.Repeat("#\n", 40)), lim); err == nil || !strings.Contains(err.Error(), "over the 64-byte limit") {
		t.Fatalf("long input: %v", err)
	}
	d, err := ParseString("!AILv1\n@MEM $1=abcdefghijkl\n@CTX $1$1\n@CTX $1$1\n", lim)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := d.Hydrate(lim); err == nil || !strings.Contains(err.Error(), "line 4: hydrated text over the 32-byte limit") {
		t.Fatalf("long output: %v", err)
	}
}

// TestPointers: single pass, undefined and malformed pointers untouched,
// definitions may follow their use.
func TestPointers(t *testing.T) {
	cases := map[string]string{
		"@MEM $1=a $2=b\n@CTX $1 $2 $3":         "a b $3",
		"@MEM $1=x\n@CTX $1$1 $$1 $ $01 $1.5":   "xx $x $ $01 x.5",
		"@MEM $1=$2 $2=$1\n@CTX $1 $2":          "$2 $1",
		"@CTX $12 costs $1\n@MEM $1=one $12=tw": "tw costs one",
		"@MEM $1=a\n@CTX $1000000 $1":           "$1000000 a",
		"@MEM $7=v\n@NEXT ?use_$7 ?$7":          "@NEXT ?use_v ?v",
	}
	for in, want := range cases {
		if got := hydrate(t, "!AILv1\n"+in+"\n"); got != want+"\n" {
			t.Errorf("hydrate(%q) = %q, want %q", in, got, want)
		}
	}
}
