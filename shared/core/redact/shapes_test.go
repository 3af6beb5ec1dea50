package redact

import (
	"encoding/json"
	"strings"
	"testing"
)

// promisedSecret is one secret the README promises to redact, written as
// a tool would print it (with its label when the label is what makes it
// a secret).
type promisedSecret struct {
	name   string
	kind   Kind
	text   string
	hidden []string // parts that must not survive, free of JSON escapes
	kept   []string // parts of text that must survive
}

// promisedSecrets covers every credential kind, and every prefix or label
// the README names for it. Addresses are left out: archives keep them.
func promisedSecrets() []promisedSecret {
	own := func(name string, k Kind, s string) promisedSecret {
		return promisedSecret{name: name, kind: k, text: s, hidden: []string{s}}
	}
	labelled := func(name string, k Kind, label, value string, hidden ...string) promisedSecret {
		return promisedSecret{name: name, kind: k, text: label + value, hidden: hidden, kept: []string{strings.Trim(label, `"{:= `)}}
	}
	secrets := []promisedSecret{
		{name: "pem", kind: KindPrivateKey, text: pemKey, hidden: []string{pemBody}},
		own("github_pat", KindGitHubToken, ghPAT),
		own("anthropic", KindAnthropicKey, anthropicKey),
		own("openai project", KindOpenAIKey, openAIProjKey),
		own("openai legacy", KindOpenAIKey, openAIKey),
		own("akia", KindAWSAccessKey, awsKeyID),
		own("asia", KindAWSAccessKey, "ASIAY34FZKBOKMUTVV7A"),
		labelled("aws secret env", KindAWSSecretKey, "AWS_SECRET_ACCESS_KEY=", awsSecret, awsSecret),
		labelled("aws secret json", KindAWSSecretKey, `{"aws_secret_access_key": "`, awsSecret+`"}`, awsSecret),
		own("slack app", KindSlackToken, slackAppToken),
		own("slack rotating", KindSlackToken, "xoxe.xoxp-1-"+fake(40)),
		{name: "slack webhook", kind: KindSlackWebhook, text: slackHook,
			hidden: []string{strings.TrimPrefix(slackHook, "https://hooks.slack.com/services/")}},
		own("google", KindGoogleAPIKey, googleKey),
		own("jwt", KindJWT, jwt),
		labelled("bearer", KindBearerToken, "Authorization: Bearer ", "abc123DEF456ghi789", "abc123DEF456ghi789"),
		{name: "url password", kind: KindURLPassword, text: "postgres://app:Hunter2pw@db.internal:5432/app",
			hidden: []string{"Hunter2pw"}, kept: []string{"postgres://app:", "@db.internal:5432/app"}},
		labelled("password=", KindCredential, "password=", "Hunter2pw", "Hunter2pw"),
		labelled("secret:", KindCredential, "secret: ", "S3cr3tValue", "S3cr3tValue"),
		labelled("token=", KindCredential, "token=", "tok9f8e7d6c", "tok9f8e7d6c"),
		labelled("API_KEY=", KindCredential, "API_KEY=", "abcdef123456", "abcdef123456"),
		labelled("json api_key", KindCredential, `{"api_key": "`, `k-8d9f7a6b5c"}`, "k-8d9f7a6b5c"),
		labelled("json client_secret", KindCredential, `{"client_secret":"`, `cs-4e5f6a7b"}`, "cs-4e5f6a7b"),
		labelled("basic auth", KindCredential, "Authorization: Basic ", "dXNlcjpwYXNzd29yZA==", "dXNlcjpwYXNzd29yZA=="),
		labelled("password escaped quote", KindCredential, `{"password":"`, `Xq7\"zW9-tail"}`, "Xq7", "zW9-tail"),
		labelled("token escaped quote", KindCredential, `{"token":"`, `Ab1\"Cd2\\Ef3"}`, "Ab1", "Cd2", "Ef3"),
		labelled("secret escaped quote", KindCredential, `{"secret": "`, `Gh4\"Ij5\"Kl6"}`, "Gh4", "Ij5", "Kl6"),
	}
	for _, p := range []string{"ghp", "gho", "ghu", "ghs", "ghr"} {
		secrets = append(secrets, own(p, KindGitHubToken, p+"_"+fake(36)))
	}
	for _, p := range []string{"xoxb", "xoxp", "xoxa", "xoxr", "xoxs", "xoxc", "xoxe"} {
		secrets = append(secrets, own(p, KindSlackToken, p+"-1234567890-"+fake(24)))
	}
	return secrets
}

// responseShapes are the forms a tool response takes on its way to the
// archive, which receives the raw tool_response JSON. Each wraps text in
// "out: " and " done", which must survive.
var responseShapes = []struct {
	name string
	wrap func(text string) string
}{
	{"plain", func(s string) string { return "out: " + s + " done" }},
	{"json object", func(s string) string { return marshal(map[string]string{"stdout": "out: " + s + " done"}) }},
	{"json array", func(s string) string { return marshal([]string{"out: " + s + " done"}) }},
	{"ansi", func(s string) string { return "out: " + green + s + reset + " done" }},
	{"ansi in json", func(s string) string {
		return marshal(map[string]string{"stdout": "out: " + boldRed + s + reset + " done"})
	}},
	{"json escaped", func(s string) string { return marshal("out: " + s + " done") }},
	{"json in json", func(s string) string {
		return marshal(map[string]string{"content": marshal(map[string]string{"stdout": "out: " + s + " done"})})
	}},
}

// TestEverySecretInEveryShape runs each promised secret through each
// response shape with the options the archive uses.
func TestEverySecretInEveryShape(t *testing.T) {
	for _, sec := range promisedSecrets() {
		for _, shape := range responseShapes {
			t.Run(sec.name+"/"+shape.name, func(t *testing.T) {
				in := shape.wrap(sec.text)
				out, rep := Bytes([]byte(in), Credentials())
				got := string(out)
				for _, h := range sec.hidden {
					if strings.Contains(got, h) {
						t.Errorf("Bytes(%q) = %q, still holds %q", in, got, h)
					}
				}
				for _, k := range append([]string{"out: ", " done"}, sec.kept...) {
					if !strings.Contains(got, k) {
						t.Errorf("Bytes(%q) = %q, lost %q", in, got, k)
					}
				}
				if rep[sec.kind] == 0 {
					t.Errorf("report %v has no %s", rep, sec.kind)
				}
				if json.Valid([]byte(in)) && !json.Valid(out) {
					t.Errorf("Bytes(%q) = %q, no longer valid JSON", in, got)
				}
			})
		}
	}
}

// marshal is json.Marshal for values that cannot fail to encode.
func marshal(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return string(b)
}
