package redact

import (
	"strings"
	"testing"
)

// fake returns a deterministic token body of n bytes mixing lower case,
// upper case and digits, like real random tokens. It is no real secret.
func fake(n int) string {
	const alphabet = "aB3dE5fG7hJ9kL1mN2pQ4rS6tU8vW0xY"
	var sb strings.Builder
	for i := 0; i < n; i++ {
		sb.WriteByte(alphabet[(i*7+3)%len(alphabet)])
	}
	return sb.String()
}

// m is a short name for Marker in expected outputs.
func m(k Kind) string { return Marker(k) }

// Fake secrets of every kind, shared by the table tests, the fuzz targets
// and the benchmarks.
var (
	ghToken       = "ghp_" + fake(36)
	ghPAT         = "github_pat_11" + fake(20) + "_" + fake(59)
	anthropicKey  = "sk-ant-api03-" + fake(93) + "AA"
	openAIProjKey = "sk-proj-" + fake(48)
	openAIKey     = "sk-" + fake(48)
	awsKeyID      = "AKIAIOSFODNN7EXAMPLE"
	awsSecret     = "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"
	slackToken    = "xoxb-123456789012-1234567890123-" + fake(24)
	slackAppToken = "xapp-1-A0123ABCDEF-1234567890123-" + strings.Repeat("0123456789abcdef", 4)
	slackHook     = "https://hooks.slack.com/services/T00000000/B00000000/" + fake(24)
	googleKey     = "AIza" + fake(35)
	jwt           = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiI0MiIsIm5hbWUiOiJ4In0." + fake(43)
	pemBody       = "MIIEpAIBAAKCAQEA" + fake(64)
	pemKey        = "-----BEGIN RSA PRIVATE KEY-----\n" + pemBody + "\n" + fake(64) + "==\n-----END RSA PRIVATE KEY-----"
)

// planted are secrets whose every occurrence must be redacted, whatever
// surrounds them (provided a blank separates them from it).
var planted = []string{
	ghToken, ghPAT, anthropicKey, openAIProjKey, openAIKey, awsKeyID,
	slackToken, slackAppToken, slackHook, googleKey, jwt, pemKey,
}

// kindCase is one table row: input, expected output, options.
type kindCase struct {
	name string
	in   string
	want string
	opt  Options
}

// runCases checks each case with String and Bytes, and that the report
// agrees with the number of markers in the output.
func runCases(t *testing.T, cases []kindCase) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, rep := String(c.in, c.opt)
			if got != c.want {
				t.Fatalf("String(%q)\n got %q\nwant %q", c.in, got, c.want)
			}
			gotB, _ := Bytes([]byte(c.in), c.opt)
			if string(gotB) != c.want {
				t.Fatalf("Bytes(%q) = %q, want %q", c.in, gotB, c.want)
			}
			if n := strings.Count(got, "[REDACTED:") - strings.Count(c.in, "[REDACTED:"); rep.Total() != n {
				t.Fatalf("report %v counts %d, output has %d new markers", rep, rep.Total(), n)
			}
			if again, _ := String(got, c.opt); again != got {
				t.Fatalf("not idempotent: %q -> %q", got, again)
			}
		})
	}
}

// same builds a negative case: the input must come out unchanged.
func same(name, in string, opt Options) kindCase {
	return kindCase{name: name, in: in, want: in, opt: opt}
}
