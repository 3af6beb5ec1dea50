package redact

import (
	"encoding/json"
	"math/rand/v2"
	"strings"
	"testing"
)

// fuzzSeeds are inputs near the detectors' edges.
var fuzzSeeds = []string{
	"", "password=hunter2", `{"token": "abc123"}`, `{"a":"TOKEN=", "b": 1}`,
	"Authorization: Bearer abc123DEF456", "Authorization: Basic dXNlcjpwYXNz",
	"-----BEGIN RSA PRIVATE KEY-----\\nMIIE\\n-----END RSA PRIVATE KEY-----",
	"postgres://u:p4ss@h/db", "a@b.co 1.2.3.4 fe80::1ff:fe23:4567:890a ::ffff:1.2.3.4",
	`\"password\": \"x\\\"y\"`, "secret='a\\'b'", "x\\n" + awsKeyID + "\\u00e9",
	"12:30:45 std::map a[1::2] v1.2.3.4 sk-learn", jwt, slackHook,
	"token=a." + ghToken, "password: 'x " + awsKeyID + "'", `api_key := "x,y"`,
	"Authorization: Token abc Basic dXNlcjpwYXNz", "token=abc(" + ghToken + ")",
	"0.0.0.0:0::000 a@b.co::1", "password=" + strings.Repeat("x1", 2100) + ghToken,
}

// FuzzRedactJSON checks that redaction never turns valid JSON invalid,
// whatever the text inside the JSON strings and whichever options.
func FuzzRedactJSON(f *testing.F) {
	for _, s := range append(fuzzSeeds, planted...) {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, doc := range jsonDocs(s) {
			for _, o := range []Options{Credentials(), All()} {
				if out, _ := Bytes(doc, o); !json.Valid(out) {
					t.Fatalf("invalid JSON after redaction (%+v):\n in %s\nout %s", o, doc, out)
				}
			}
		}
	})
}

// FuzzRedactIdempotent plants a known secret between arbitrary texts and
// checks that it never survives, and that redacting the output again (or
// the surrounding text alone) changes nothing.
func FuzzRedactIdempotent(f *testing.F) {
	for i, s := range fuzzSeeds {
		f.Add(s, fuzzSeeds[(i+1)%len(fuzzSeeds)], uint8(i))
	}
	f.Fuzz(func(t *testing.T, prefix, suffix string, pick uint8) {
		secret := planted[int(pick)%len(planted)]
		in := prefix + " " + secret + " " + suffix
		for _, o := range []Options{Credentials(), All()} {
			once, _ := String(in, o)
			// The surrounding text may hold the secret too, glued to other
			// text where it is no token; only the planted copy must go.
			core := secretCore(secret)
			if !strings.Contains(prefix+suffix, core) && strings.Contains(once, core) {
				t.Fatalf("planted secret survived (%+v):\n in %q\nout %q", o, in, once)
			}
			for _, s := range []string{in, prefix} {
				a, _ := String(s, o)
				if b, _ := String(a, o); a != b {
					t.Fatalf("not idempotent (%+v):\n in %q\n1st %q\n2nd %q", o, s, a, b)
				}
			}
		}
	})
}

// secretCore is the part of a planted secret that must not survive: its
// key material, for a PEM block whose armour lines are public knowledge.
func secretCore(secret string) string {
	if secret == pemKey {
		return pemBody
	}
	return secret
}

// fragments are building blocks that random compositions glue together,
// reaching combinations (key, separator, quote, escape, secret, marker)
// that byte-level fuzzing rarely assembles.
var fragments = []string{
	"password", "token", "api_key", "Authorization", "Bearer ", "secret", "PWD",
	"=", ":", ": ", " = ", ":=", "=>", `"`, "'", `\"`, `\`, `\n`, `\u00e9`, " ", ",",
	"@", ".", "::", "1", "255", "10.0.0.1", "fe80::1", "a@b.co", "x", "ff", "Basic ",
	"(", ")", "$", "<", "%", "0", "\n", "://", "u:p@h", "/",
	ghToken, awsKeyID, jwt, googleKey, slackToken, "eyJhbGciOiJIUzI1NiJ9.", "sk-",
	"-----BEGIN RSA PRIVATE KEY-----", "-----END RSA PRIVATE KEY-----", "AIza", "xoxb-",
	fake(12), "ghp_", "AKIA", "hooks.slack.com/services/", `\\`, `\u0041`, `"x"`, "-", "_",
	"\t", "sk-ant-", "github_pat_", "ASIA", "passwd", "client_secret", "-----", "eyJ", "A", "::ffff:",
}

func TestRandomCompositions(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for range 20000 {
		var sb strings.Builder
		for range 1 + rng.IntN(12) {
			sb.WriteString(fragments[rng.IntN(len(fragments))])
		}
		in := sb.String()
		for _, o := range []Options{Credentials(), All()} {
			once, _ := String(in, o)
			if twice, _ := String(once, o); twice != once {
				t.Fatalf("not idempotent (%+v):\n in %q\n1st %q\n2nd %q", o, in, once, twice)
			}
			for _, doc := range jsonDocs(in) {
				if out, _ := Bytes(doc, o); !json.Valid(out) {
					t.Fatalf("invalid JSON after redaction:\n in %s\nout %s", doc, out)
				}
			}
		}
	}
}
