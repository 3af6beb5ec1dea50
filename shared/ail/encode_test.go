package ail

import (
	"reflect"
	"strings"
	"testing"

	"github.com/session-intelligence/session-intelligence/shared/ail/cl100k"
	"github.com/session-intelligence/session-intelligence/shared/core/redact"
)

var tok cl100k.Counter

// encode writes lines with the cl100k counter and no redaction, failing
// the test on error.
func encode(t *testing.T, lines []Line, opt Options) string {
	t.Helper()
	out, _, err := Encode(lines, opt)
	if err != nil {
		t.Fatalf("encode: %v", err)
	}
	return out
}

// hydrateLines parses text and returns its hydrated lines.
func hydrateLines(t *testing.T, text string) []string {
	t.Helper()
	return strings.Split(strings.TrimSuffix(hydrate(t, text), "\n"), "\n")
}

// TestSectionRoundTrips: every section written by the encoder, with and
// without pointers, reads back as what went in.
func TestSectionRoundTrips(t *testing.T) {
	rej := Rejection{Tried: "sync ping sweep", Reason: "timeout on large subnets (>/16)", Instead: "async ARP scan via scanner_service.arp"}
	sig := Sig{File: "scanner/service.py", Name: "Scanner.sweep", Async: true,
		Args: []string{"subnet:str", "timeout:float=2.0", "*targets", "**opts:Any"}, Ret: "dict[str,int]",
		Mutates: []string{"self.cache[]", "self.hits", "global:SEEN"}}
	var lines []Line
	arch := "scanner_service.arp -> scanner_service.store | scanner_service.api | scanner_service.arp:retry -> scanner_service.arp:log"
	lines = append(lines, Arch(arch)...)
	talk := "The scanner_service.arp module talks to scanner_service.store."
	lines = append(lines, Ctx(talk+"\n"+talk+"\n\n"+talk+"\n  Costs $5 per run.  ")...)
	log, err := LogLine(rej)
	must(t, err)
	sl, err := SigLine(sig)
	must(t, err)
	next, err := NextLine("wire scanner_service.arp into scanner_service.api", "write tests")
	must(t, err)
	lines = append(lines, log, sl, next)
	want := []string{
		"@ARCH " + arch,
		talk, talk, talk,
		"Costs $5 per run.",
		"@LOG !sync_ping_sweep(timeout on large subnets (>/16)) -> ^async ARP scan via scanner_service.arp",
		"@SIG scanner/service.py|~Scanner.sweep(subnet:str,timeout:float=2.0,*targets,**opts:Any)->dict[str,int]|mutates(self.cache[],self.hits,global:SEEN)",
		"@NEXT ?wire_scanner_service.arp_into_scanner_service.api ?write_tests",
	}
	for _, c := range []Counter{nil, tok} {
		text := encode(t, lines, Options{Counter: c, NoRedact: true})
		if got := hydrateLines(t, text); !reflect.DeepEqual(got, want) {
			t.Errorf("counter %v: round trip\n%s\ngave\n%s", c != nil, text, strings.Join(got, "\n"))
		}
		if c != nil && !strings.Contains(text, "@MEM") {
			t.Errorf("no pointer for a recurring long name:\n%s", text)
		}
		d := parse(t, text)
		back, err := ParseSig(d.Lines[6].Body)
		if c == nil && (err != nil || !reflect.DeepEqual(back, sig)) {
			t.Errorf("sig read back as %+v, %v", back, err)
		}
	}
}

// TestFormatRoundTrip: a parsed document written canonically parses to
// the same document.
func TestFormatRoundTrip(t *testing.T) {
	d := parse(t, seedExample+"@CTX more $1\n@MEM $9=x\n@NEXT\n")
	again := parse(t, d.Format())
	for i := range d.Mem {
		d.Mem[i].Line = 0
		again.Mem[i].Line = 0
	}
	for i := range d.Lines {
		d.Lines[i].No, again.Lines[i].No = 0, 0
	}
	if !reflect.DeepEqual(d, again) {
		t.Fatalf("format round trip:\n%+v\n%+v", d, again)
	}
}

// TestPointerChoice: pointers appear only when they save tokens, never
// take the number of a $N the text already has, and the document with
// them is smaller than without.
func TestPointerChoice(t *testing.T) {
	long := "Service recipe_thumbnail_orchestrator_v2 calls recipe_thumbnail_orchestrator_v2 again; $1 and $2 are prices."
	lines := Ctx(strings.Repeat(long+"\n", 6))
	with := encode(t, lines, Options{Counter: tok, NoRedact: true})
	without := encode(t, lines, Options{NoRedact: true})
	if !strings.HasPrefix(with, "!AILv1\n@MEM $3=recipe_thumbnail_orchestrator_v2\n") {
		t.Fatalf("want $3 for the recurring name (1 and 2 are taken):\n%s", with)
	}
	if tok.Count(with) >= tok.Count(without) {
		t.Fatalf("pointers cost tokens: %d >= %d", tok.Count(with), tok.Count(without))
	}
	if hydrate(t, with) != hydrate(t, without) {
		t.Fatal("pointers changed the hydrated text")
	}
	short := Ctx("the api and the db\nthe api and the db\nthe api and the db")
	if out := encode(t, short, Options{Counter: tok, NoRedact: true}); strings.Contains(out, "@MEM") {
		t.Fatalf("pointers for short words:\n%s", out)
	}
}

func TestEncodeRedacts(t *testing.T) {
	key := "ghp_" + strings.Repeat("aB3dE5fG7h", 4)
	lines := Ctx("push with " + key + " as ops@example.com from 10.1.2.3")
	out, rep, err := Encode(lines, Options{})
	must(t, err)
	if strings.Contains(out, key) || strings.Contains(out, "ops@example.com") || strings.Contains(out, "10.1.2.3") {
		t.Fatalf("secret left in:\n%s", out)
	}
	if rep[redact.KindGitHubToken] != 1 || rep[redact.KindEmail] != 1 || rep[redact.KindIPv4] != 1 {
		t.Fatalf("report = %v", rep)
	}
	if out, _, _ := Encode(lines, Options{NoRedact: true}); !strings.Contains(out, key) {
		t.Fatalf("NoRedact redacted:\n%s", out)
	}
}

func TestEncodeRejects(t *testing.T) {
	bad := [][]Line{
		{{Kind: KindMem, Body: "$1=x"}},
		{{Kind: "@EVAL", Body: "x"}},
		{{Kind: KindCtx, Body: "two\nlines"}},
		{{Kind: KindCtx, Body: " padded"}},
		{{Kind: KindSig, Body: "not a signature"}},
	}
	for _, lines := range bad {
		if _, _, err := Encode(lines, Options{}); err == nil || !strings.Contains(err.Error(), "encode line 1") {
			t.Errorf("Encode(%+v) = %v, want an error naming line 1", lines, err)
		}
	}
	if _, _, err := Encode(Ctx(strings.Repeat("x", 100)), Options{Limits: Limits{MaxLine: 50}}); err == nil {
		t.Error("a line over the decoder's limit was written")
	}
	if _, err := NextLine(" ", ""); err == nil {
		t.Error("NextLine without tasks succeeded")
	}
	if _, err := SigLine(Sig{File: "a.py", Name: "f", Ret: ""}); err == nil {
		t.Error("SigLine without a return type succeeded")
	}
}

// TestProseCleaned: what the decoder would refuse is replaced, not
// written.
func TestProseCleaned(t *testing.T) {
	lines := Ctx("bell\a and \x1b[31mred\x1b[0m, bad \xff byte, cr\rinside\r\n\tindented\t")
	text := encode(t, lines, Options{NoRedact: true})
	got := hydrateLines(t, text)
	want := []string{"bell\uFFFD and \uFFFD[31mred\uFFFD[0m, bad \uFFFD byte, cr\uFFFDinside", "indented"}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("got %q, want %q", got, want)
	}
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// TestPointersOnlyWhereAllowed: with a counter that wants pointers
// everywhere, none replaces a @LOG identifier (which cannot hold one)
// or a word of the grammar ("mutates"), and the result decodes.
func TestPointersOnlyWhereAllowed(t *testing.T) {
	var lines []Line
	for range 5 {
		l, err := LogLine(Rejection{"scanner_service.arp", "scanner_service.arp timed out", "scanner_service.arp_async"})
		must(t, err)
		s, err := SigLine(Sig{File: "mutates.py", Name: "mutates", Args: []string{"mutates:int"}, Ret: "mutates", Mutates: []string{"self.mutates"}})
		must(t, err)
		lines = append(lines, l, s)
	}
	text := encode(t, lines, Options{Counter: byteCounter{}, NoRedact: true})
	if !strings.Contains(text, "@MEM") || !strings.Contains(text, "|mutates(") || !strings.Contains(text, "@LOG !scanner_service.arp(") {
		t.Fatalf("pointers in the wrong places:\n%s", text)
	}
	if hydrate(t, text) != hydrate(t, encode(t, lines, Options{NoRedact: true})) {
		t.Fatal("pointers changed the text")
	}
}

// TestRedactionKeepsLogIdentifier: a secret in the rejected approach is
// replaced and the identifier stays one.
func TestRedactionKeepsLogIdentifier(t *testing.T) {
	key := "ghp_" + strings.Repeat("aB3dE5fG7h", 4)
	l := Line{Kind: KindLog, Body: "!" + key + "(leaked " + key + ") -> ^vault"}
	out, rep, err := Encode([]Line{l}, Options{})
	must(t, err)
	if strings.Contains(out, key) || rep[redact.KindGitHubToken] != 2 || !strings.HasPrefix(out, "!AILv1\n@LOG !_REDACTED:github-token_(leaked [REDACTED:github-token]) -> ^vault\n") {
		t.Fatalf("Encode = %q, %v", out, rep)
	}
}
