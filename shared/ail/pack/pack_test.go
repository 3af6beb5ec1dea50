package pack

import (
	"strings"
	"testing"

	"github.com/session-intelligence/session-intelligence/shared/ail"
	"github.com/session-intelligence/session-intelligence/shared/ail/cl100k"
	"github.com/session-intelligence/session-intelligence/shared/core/redact"
)

func unpack(t *testing.T, text string) string {
	t.Helper()
	d, err := ail.ParseString(text, ail.Limits{})
	if err != nil {
		t.Fatalf("parse:\n%s\n%v", text, err)
	}
	out, err := d.Hydrate(ail.Limits{})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func pack(t *testing.T, text string, opt Options) Result {
	t.Helper()
	r, err := Text(text, opt)
	if err != nil {
		t.Fatalf("pack: %v", err)
	}
	return r
}

// TestProseRoundTrip: prose comes back exactly, minus blank lines and
// the white space around lines, with or without pointers.
func TestProseRoundTrip(t *testing.T) {
	in := "  # Notes on the recipe_thumb_orchestrator_k8s_v2  \n\n" +
		"The recipe_thumb_orchestrator_k8s_v2 reads originals; the recipe_thumb_orchestrator_k8s_v2 writes thumbs.\r\n" +
		"\t@NEXT ?is just text here, and so is !AILv1 and $1.\n" +
		"recipe_thumb_orchestrator_k8s_v2 again, recipe_thumb_orchestrator_k8s_v2 once more: café, 東京, emoji 🙂\n\n\n" +
		"Only recipe_thumb_orchestrator_k8s_v2, recipe_thumb_orchestrator_k8s_v2 and recipe_thumb_orchestrator_k8s_v2."
	want := "# Notes on the recipe_thumb_orchestrator_k8s_v2\n" +
		"The recipe_thumb_orchestrator_k8s_v2 reads originals; the recipe_thumb_orchestrator_k8s_v2 writes thumbs.\n" +
		"@NEXT ?is just text here, and so is !AILv1 and $1.\n" +
		"recipe_thumb_orchestrator_k8s_v2 again, recipe_thumb_orchestrator_k8s_v2 once more: café, 東京, emoji 🙂\n" +
		"Only recipe_thumb_orchestrator_k8s_v2, recipe_thumb_orchestrator_k8s_v2 and recipe_thumb_orchestrator_k8s_v2.\n"
	for _, c := range []ail.Counter{nil, cl100k.Counter{}} {
		r := pack(t, in, Options{Counter: c})
		if got := unpack(t, r.Text); got != want {
			t.Errorf("counter %v: round trip\n%s\ngave\n%s", c != nil, r.Text, got)
		}
		if c != nil && !strings.Contains(r.Text, "@MEM $2=recipe_thumb_orchestrator_k8s_v2") {
			t.Errorf("expected a pointer for the recurring name, avoiding the literal $1:\n%s", r.Text)
		}
	}
}

func TestChatLog(t *testing.T) {
	in := "user: how do we store rows?\n" +
		"```python\nclass Repo:\n    async def save(self, row: dict) -> int:\n        self.rows.append(row)\n        return 1\n```\n" +
		"assistant: and in Go:\n" +
		"~~~go\nfunc (r *Repo) Save(row Row) error {\n\tr.rows = append(r.rows, row)\n\treturn nil\n}\n~~~\n" +
		"run it with\n```bash\ngo test ./...\n```\n" +
		"```python\nprint('no functions here')\n```\n" +
		"````\ndef unlabelled(x): return x\n````\n" +
		"```python\ndef unclosed(a, b=1):\n    pass\n"
	r := pack(t, in, Options{NoRedact: true})
	want := `!AILv1
@CTX user: how do we store rows?
@CTX [CodeBlock_1]
@SIG CodeBlock_1|~Repo.save(row:dict)->int|mutates(self.rows.append)
@CTX assistant: and in Go:
@CTX [CodeBlock_2]
@SIG CodeBlock_2|Repo.Save(row:Row)->error|mutates(r.rows)
@CTX run it with
@CTX ` + "```bash" + `
@CTX go test ./...
@CTX ` + "```" + `
@CTX ` + "```python" + `
@CTX print('no functions here')
@CTX ` + "```" + `
@CTX [CodeBlock_3]
@SIG CodeBlock_3|unlabelled(x)->Any
@CTX [CodeBlock_4]
@SIG CodeBlock_4|unclosed(a,b=1)->None
`
	if r.Text != want {
		t.Fatalf("got:\n%s\nwant:\n%s", r.Text, want)
	}
}

func TestRedactionFirst(t *testing.T) {
	key := "-----BEGIN RSA PRIVATE KEY-----\nMIIEpAIBAAKCAQEA7bq9vLm3xQ2\nZ8k3P0wq\n-----END RSA PRIVATE KEY-----"
	token := "ghp_" + strings.Repeat("aB3dE5fG7h", 4)
	in := "deploy key:\n" + key + "\nuse " + token + " and password=hunter2 as bob@example.org on 192.168.1.20"
	opt := Options{Log: []ail.Rejection{{Tried: "token " + token, Reason: "leaked", Instead: "vault"}}, Next: []string{"rotate " + token}}
	r := pack(t, in, opt)
	for _, secret := range []string{"MIIEpAIBAAKCAQEA", token, "hunter2", "bob@example.org", "192.168.1.20"} {
		if strings.Contains(r.Text, secret) {
			t.Errorf("%q survived:\n%s", secret, r.Text)
		}
	}
	if r.Redacted[redact.KindPrivateKey] != 1 || r.Redacted[redact.KindGitHubToken] != 3 || r.Redacted.Total() != 7 {
		t.Errorf("report = %v", r.Redacted)
	}
	raw := pack(t, in, Options{NoRedact: true})
	if !strings.Contains(raw.Text, token) || raw.Redacted != nil {
		t.Errorf("--no-redact redacted: %v\n%s", raw.Redacted, raw.Text)
	}
}

func TestLogAndNext(t *testing.T) {
	rej, err := ParseLogArg("sync ping|timeout on /16 subnets|async_arp_scan")
	if err != nil {
		t.Fatal(err)
	}
	r := pack(t, "notes", Options{Log: []ail.Rejection{rej}, Next: []string{"fix sqlite write lock", "tests"}, NoRedact: true})
	want := "!AILv1\n@CTX notes\n@LOG !sync_ping(timeout on /16 subnets) -> ^async_arp_scan\n@NEXT ?fix_sqlite_write_lock ?tests\n"
	if r.Text != want {
		t.Fatalf("got:\n%s\nwant:\n%s", r.Text, want)
	}
	for _, bad := range []string{"a|b", "a||c", "|b|c", "nothing"} {
		if _, err := ParseLogArg(bad); err == nil {
			t.Errorf("ParseLogArg(%q) accepted", bad)
		}
	}
}

func TestSource(t *testing.T) {
	r, err := Source("pkg/store.go", []byte("package store\n\nfunc Open(path string) (*DB, error) { return nil, nil }\n"), Options{})
	if err != nil || r.Text != "!AILv1\n@SIG pkg/store.go|Open(path:string)->(*DB,error)\n" {
		t.Fatalf("go source: %q, %v", r.Text, err)
	}
	r, err = Source("app.py", []byte("def login(user, password='hunter2'):\n    session.commit()\n"), Options{})
	if err != nil || r.Text != "!AILv1\n@SIG app.py|login(user,password=...)->None|mutates(session.commit)\n" || r.Redacted[redact.KindCredential] != 1 {
		t.Fatalf("python source: %q, %v", r.Text, err)
	}
	if _, err := Source("notes.txt", []byte("x"), Options{}); err == nil || !strings.Contains(err.Error(), "want .go or .py") {
		t.Fatalf("unknown type: %v", err)
	}
	if _, err := Source("bad.go", []byte("package x\nfunc ("), Options{}); err == nil || !strings.Contains(err.Error(), "parse go bad.go") {
		t.Fatalf("broken go: %v", err)
	}
}

func TestInputCap(t *testing.T) {
	if _, err := Text(strings.Repeat("x", MaxInput+1), Options{}); err == nil || !strings.Contains(err.Error(), "over the") {
		t.Fatalf("oversized input: %v", err)
	}
	if _, err := Text(strings.Repeat("x", 2<<20), Options{NoRedact: true}); err == nil || !strings.Contains(err.Error(), "line limit") {
		t.Fatalf("2 MB line: %v", err)
	}
}
