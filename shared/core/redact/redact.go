// Package redact replaces secrets in text with [REDACTED:<kind>] markers.
//
// It is shared by the hook that archives large tool responses (run on
// every tool call, so it must cost a few milliseconds at most) and by the
// hand-off encoder. Each detector first looks for a cheap literal anchor
// (a prefix such as "ghp_", or a separator byte) with the SIMD-backed
// bytes.Index family, and only then runs a small hand-written matcher on
// the candidate, so clean input is scanned at memory speed.
//
// Redaction keeps JSON valid: a marker holds no quote or backslash, and a
// match never begins or ends inside an escape sequence nor spans a string's
// closing quote. It is idempotent: redacting the output again changes
// nothing, because text glued to a marker is never taken as a new secret
// (input that carries marker-like text of its own may be the exception).
// Credentials are always redacted; e-mail and IP addresses only when
// [Options] asks for them.
package redact

import "unsafe"

// Kind names a sort of secret; it appears in the marker that replaces it.
type Kind string

// The kinds of secrets the package recognises.
const (
	KindPrivateKey   Kind = "private-key"    // PEM private key blocks
	KindGitHubToken  Kind = "github-token"   // ghp_, gho_, ghu_, ghs_, ghr_, github_pat_
	KindAnthropicKey Kind = "anthropic-key"  // sk-ant-...
	KindOpenAIKey    Kind = "openai-key"     // other sk-... keys (OpenAI and look-alikes)
	KindAWSAccessKey Kind = "aws-access-key" // AKIA/ASIA access key ids
	KindAWSSecretKey Kind = "aws-secret-key" // labelled AWS secret access keys
	KindSlackToken   Kind = "slack-token"    // xoxb-, xoxp-, xoxa-, xoxr-, xoxs-, xoxc-, xoxe-, xapp-
	KindSlackWebhook Kind = "slack-webhook"  // hooks.slack.com/services/... URLs
	KindGoogleAPIKey Kind = "google-api-key" // AIza...
	KindJWT          Kind = "jwt"            // eyJ....eyJ....sig
	KindBearerToken  Kind = "bearer-token"   // the token after "Bearer "
	KindURLPassword  Kind = "url-password"   // the password in scheme://user:pass@host
	KindCredential   Kind = "credential"     // values of password=, token:, api_key...
	KindEmail        Kind = "email"          // opt-in: e-mail addresses
	KindIPv4         Kind = "ipv4"           // opt-in: IPv4 addresses
	KindIPv6         Kind = "ipv6"           // opt-in: IPv6 addresses
)

// Options selects the opt-in kinds. The zero value redacts credentials
// only, which suits tool archives where addresses are information.
type Options struct {
	Emails bool // also redact e-mail addresses
	IPs    bool // also redact IPv4 and IPv6 addresses
}

// Credentials returns options that redact credentials only.
func Credentials() Options { return Options{} }

// All returns options that redact every kind, addresses included.
func All() Options { return Options{Emails: true, IPs: true} }

// Report counts replacements per kind. It is nil when nothing matched.
type Report map[Kind]int

// Total is the number of replacements of all kinds.
func (r Report) Total() int {
	n := 0
	for _, c := range r {
		n += c
	}
	return n
}

// Marker returns the text that replaces a secret of kind k.
func Marker(k Kind) string { return "[REDACTED:" + string(k) + "]" }

// Bytes returns b with every secret replaced by its marker, and what was
// replaced. When nothing matches it returns b itself, not a copy; b is
// never modified.
func Bytes(b []byte, o Options) ([]byte, Report) {
	s := scanner{b: b, opt: o}
	s.run()
	if len(s.ms) == 0 {
		return b, nil
	}
	ms := resolve(s.ms)
	return render(b, ms), count(ms)
}

// String is [Bytes] for strings. When nothing matches it returns s.
func String(s string, o Options) (string, Report) {
	if s == "" {
		return s, nil
	}
	// Scan the string's bytes in place rather than copying up to megabytes
	// per call: the scanners only read their input.
	in := unsafe.Slice(unsafe.StringData(s), len(s))
	out, r := Bytes(in, o)
	if r == nil {
		return s, nil
	}
	// out was freshly allocated by render and is not retained elsewhere.
	return unsafe.String(unsafe.SliceData(out), len(out)), r
}

// run lets every enabled detector add its matches. The calls are direct,
// not through a table of funcs, so that the scanner stays on the stack.
func (s *scanner) run() {
	s.scanPrivateKeys()
	s.scanGitHub()
	s.scanSK()
	s.scanAKeys()
	s.scanSlack()
	s.scanJWT()
	s.scanBearer()
	s.scanSeparators()
	if s.opt.Emails {
		s.scanEmails()
	}
	if s.opt.IPs {
		s.scanIPv4()
		s.scanIPv6()
	}
}
