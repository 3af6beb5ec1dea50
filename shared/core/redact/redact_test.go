package redact

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
	"unsafe"
)

func TestNoMatchReturnsInput(t *testing.T) {
	in := []byte(`{"tool":"Read","content":"package main\nfunc main() { x := 1 }"}`)
	out, rep := Bytes(in, All())
	if rep != nil || &out[0] != &in[0] || len(out) != len(in) {
		t.Fatalf("Bytes copied or reported: rep=%v same=%v", rep, &out[0] == &in[0])
	}
	s := string(in)
	outS, rep := String(s, All())
	if rep != nil || unsafe.StringData(outS) != unsafe.StringData(s) {
		t.Fatalf("String copied or reported: rep=%v", rep)
	}
	if allocs := testing.AllocsPerRun(100, func() { Bytes(in, All()) }); allocs != 0 {
		t.Fatalf("clean input allocates %v times", allocs)
	}
	if out, rep := Bytes(nil, All()); out != nil || rep != nil {
		t.Fatalf("Bytes(nil) = %q, %v", out, rep)
	}
}

func TestReport(t *testing.T) {
	in := "a " + ghToken + " b " + ghToken + " c password=hunter2 d " + awsKeyID
	out, rep := String(in, Credentials())
	want := Report{KindGitHubToken: 2, KindCredential: 1, KindAWSAccessKey: 1}
	if len(rep) != len(want) || rep.Total() != 4 {
		t.Fatalf("report %v, want %v", rep, want)
	}
	for k, n := range want {
		if rep[k] != n {
			t.Fatalf("report %v, want %v", rep, want)
		}
	}
	if strings.Contains(out, ghToken) || strings.Contains(out, "hunter2") {
		t.Fatalf("secret left in %q", out)
	}
}

func TestMarkersAreJSONSafe(t *testing.T) {
	kinds := []Kind{
		KindPrivateKey, KindGitHubToken, KindAnthropicKey, KindOpenAIKey,
		KindAWSAccessKey, KindAWSSecretKey, KindSlackToken, KindSlackWebhook,
		KindGoogleAPIKey, KindJWT, KindBearerToken, KindURLPassword,
		KindCredential, KindEmail, KindIPv4, KindIPv6,
	}
	for _, k := range kinds {
		if mk := Marker(k); strings.ContainsAny(mk, "\"\\") || !json.Valid([]byte(`"`+mk+`"`)) {
			t.Errorf("marker %q is not JSON-safe", mk)
		}
	}
}

// TestJSONStaysValid redacts JSON documents that carry secrets in every
// position the detectors care about, including JSON inside JSON strings.
func TestJSONStaysValid(t *testing.T) {
	values := append([]string{
		"DB_PASSWORD=hunter2 ok", `{"password": "x\"y", "token": "abc123"}`,
		"Authorization: Bearer abc123DEF456ghi789", "-----BEGIN EC PRIVATE KEY-----\nabc",
		"john@example.com 10.0.0.1 fe80::1ff:fe23:4567:890a", "postgres://u:p4ss@h/db",
		"password=\"a\\\"b\" secret='x\\'y'", "x\\" + ghToken, "\u00e9" + awsKeyID,
	}, planted...)
	for _, v := range values {
		for _, doc := range jsonDocs(v) {
			out, _ := Bytes(doc, All())
			if !json.Valid(out) {
				t.Errorf("invalid JSON after redaction:\n in %s\nout %s", doc, out)
			}
			for _, p := range planted {
				if strings.Contains(string(out), p) {
					t.Errorf("planted secret survived in %s", out)
				}
			}
		}
	}
}

// jsonDocs wraps s into JSON documents: as a string value, as an object
// key, and JSON-encoded twice (a tool response quoting a JSON file).
func jsonDocs(s string) [][]byte {
	one, _ := json.Marshal(map[string]any{"stdout": s, s: []any{s, 1, true}})
	two, _ := json.Marshal(map[string]string{"content": string(one)})
	three, _ := json.Marshal([]string{string(two), s})
	var raw bytes.Buffer // unescaped <, > and &, unlike json.Marshal
	enc := json.NewEncoder(&raw)
	enc.SetEscapeHTML(false)
	_ = enc.Encode([]any{s, map[string]string{"k": s}})
	docs := [][]byte{one, two, three, raw.Bytes()}
	if json.Valid([]byte(s)) {
		docs = append(docs, []byte(s))
	}
	return docs
}

// adversarialPatterns each once made a detector rescan the rest of the
// input per candidate when repeated: quadratic behaviour takes minutes on
// a megabyte of one, linear milliseconds. BenchmarkAdversarial times them
// (speed is read there, not asserted in a test).
var adversarialPatterns = []string{
	"-----BEGIN RSA PRIVATE KEY-----", "-----BEGIN RSA PRIVATE KEY-----\"",
	"sk-", "-sk-1", "AKIA", "-AIza", "-eyJ", "-xoxb-1", "_github_pat_", "ghp_",
	"token=", "password=\"", "password='password=", "a.b@", "1.", "::", "fe80::",
	"password=" + strings.Repeat("x", 5000) + " ", "Authorization: Basic ",
	"xoxe.", "\x1b[1m-xapp-1", `\u001b[0;31m`, `"token=` + strings.Repeat(`\`, 5000),
}

// adversarial is a megabyte of pattern p repeated.
func adversarial(p string) []byte { return []byte(strings.Repeat(p, (1<<20)/len(p))) }

// TestAdversarialInput: a megabyte of each adversarial pattern is
// redacted to a result that a second pass leaves as it is.
func TestAdversarialInput(t *testing.T) {
	if testing.Short() {
		t.Skip("slow")
	}
	for _, p := range adversarialPatterns {
		once, _ := Bytes(adversarial(p), All())
		if twice, _ := Bytes(once, All()); !bytes.Equal(once, twice) {
			t.Errorf("%.30q repeated to 1 MB: a second pass changed the result", p)
		}
	}
}
