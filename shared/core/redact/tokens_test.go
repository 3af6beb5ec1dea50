package redact

import (
	"strings"
	"testing"
)

func TestGitHubTokens(t *testing.T) {
	c := Credentials()
	runCases(t, []kindCase{
		{"ghp", "token " + ghToken + " used", "token " + m(KindGitHubToken) + " used", c},
		{"gho", "gho_" + fake(36), m(KindGitHubToken), c},
		{"ghu", "(ghu_" + fake(36) + ")", "(" + m(KindGitHubToken) + ")", c},
		{"ghs", "GITHUB_TOKEN: ghs_" + fake(36), "GITHUB_TOKEN: " + m(KindGitHubToken), c},
		{"ghr", `{"t":"ghr_` + fake(36) + `"}`, `{"t":"` + m(KindGitHubToken) + `"}`, c},
		{"pat", "export GH_TOKEN=" + ghPAT, "export GH_TOKEN=" + m(KindGitHubToken), c},
		{"after json newline", `"a\n` + ghToken + `"`, `"a\n` + m(KindGitHubToken) + `"`, c},
		same("too short", "ghp_"+fake(20), c),
		same("glued to a word", "xghp_"+fake(36), c),
		same("unknown letter", "ghx_"+fake(36), c),
		same("prose", "the github_pat_ prefix marks fine-grained tokens", c),
	})
}

func TestSKKeys(t *testing.T) {
	c := Credentials()
	runCases(t, []kindCase{
		{"anthropic", "ANTHROPIC_API_KEY=" + anthropicKey, "ANTHROPIC_API_KEY=" + m(KindAnthropicKey), c},
		{"openai project", "key " + openAIProjKey, "key " + m(KindOpenAIKey), c},
		{"openai legacy", `"` + openAIKey + `"`, `"` + m(KindOpenAIKey) + `"`, c},
		same("sk-learn", "pip install sk-learn scikit-learn", c),
		same("inside a word", "task-"+fake(30), c),
		same("slug", "sk-this-is-a-rather-long-hyphenated-slug-2024", c),
		same("short", "sk-abc123", c),
	})
}

func TestAWS(t *testing.T) {
	c := Credentials()
	runCases(t, []kindCase{
		{"akia", "id " + awsKeyID + ".", "id " + m(KindAWSAccessKey) + ".", c},
		{"asia", "ASIAY34FZKBOKMUTVV7A", m(KindAWSAccessKey), c},
		{"secret ini", "aws_secret_access_key = " + awsSecret, "aws_secret_access_key = " + m(KindAWSSecretKey), c},
		{"secret env", "AWS_SECRET_ACCESS_KEY=" + awsSecret, "AWS_SECRET_ACCESS_KEY=" + m(KindAWSSecretKey), c},
		{"secret json", `{"SecretAccessKey": "` + awsSecret + `"}`, `{"SecretAccessKey": "` + m(KindAWSSecretKey) + `"}`, c},
		same("short", "AKIA1234", c),
		same("word", "ASIAPACIFICREGIONX", c),
		same("glued", "X"+awsKeyID, c),
		same("too long", awsKeyID+"X", c),
		same("unlabelled secret", "value "+awsSecret, c),
	})
}

func TestSlack(t *testing.T) {
	c := Credentials()
	runCases(t, []kindCase{
		{"bot", "SLACK=" + slackToken, "SLACK=" + m(KindSlackToken), c},
		{"user", "xoxp-2222222222-3333333333-" + fake(32), m(KindSlackToken), c},
		{"webhook", "POST " + slackHook + " ok", "POST " + m(KindSlackWebhook) + " ok", c},
		{"app level", "SLACK_APP_TOKEN=" + slackAppToken, "SLACK_APP_TOKEN=" + m(KindSlackToken), c},
		{"access", "t=xoxa-2-" + fake(30), "t=" + m(KindSlackToken), c},
		{"refresh", "xoxr-1-" + fake(30) + " ok", m(KindSlackToken) + " ok", c},
		{"session", "(xoxs-" + fake(30) + ")", "(" + m(KindSlackToken) + ")", c},
		{"client", `"xoxc-1234-` + fake(30) + `"`, `"` + m(KindSlackToken) + `"`, c},
		{"rotation", "xoxe-1-" + fake(40), m(KindSlackToken), c},
		{"rotating user", "xoxe.xoxp-1-" + fake(40), m(KindSlackToken), c},
		same("hugs", "xoxo-hugs and xoxb-short", c),
		same("app words", "xapp-store and xapp-builder-tools", c),
		same("chain of rotations", "xoxe.xoxe.xoxe-store", c),
		same("webhook docs", "see hooks.slack.com/services/ for details", c),
	})
}

func TestGoogleAPIKey(t *testing.T) {
	c := Credentials()
	runCases(t, []kindCase{
		{"key", "key=" + googleKey + "&q=x", "key=" + m(KindGoogleAPIKey) + "&q=x", c},
		same("short", "AIzaShort", c),
		same("too long", googleKey+"x", c),
	})
}

func TestJWT(t *testing.T) {
	c := Credentials()
	unsigned := "eyJhbGciOiJub25lIn0.eyJzdWIiOiI0MiJ9."
	runCases(t, []kindCase{
		{"signed", "jwt: " + jwt, "jwt: " + m(KindJWT), c},
		{"unsigned", "t " + unsigned + " end", "t " + m(KindJWT) + ". end", c},
		same("header only", "eyJhbGciOiJIUzI1NiJ9 is base64", c),
		same("too short", "eyJ.a.b", c),
	})
}

func TestBearer(t *testing.T) {
	c := Credentials()
	tok := "abc123DEF456ghi789"
	runCases(t, []kindCase{
		{"header", "Authorization: Bearer " + tok, "Authorization: Bearer " + m(KindBearerToken), c},
		{"curl", `curl -H "authorization: bearer 9f8e7d6c5b4a3210" x`, `curl -H "authorization: bearer ` + m(KindBearerToken) + `" x`, c},
		{"jwt wins", "Bearer " + jwt, "Bearer " + m(KindJWT), c},
		same("prose", "the bearer of bad news; Bearer authentication", c),
		same("placeholder", "Authorization: Bearer YOUR_TOKEN_HERE", c),
		same("variable", `-H "Authorization: Bearer $TOKEN"`, c),
		same("angle", "Authorization: Bearer <token>", c),
	})
}

func TestPrivateKey(t *testing.T) {
	c := Credentials()
	escaped := strings.ReplaceAll(pemKey, "\n", `\n`)
	truncated := "-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAA" + fake(40)
	runCases(t, []kindCase{
		{"newlines", "key:\n" + pemKey + "\nrest", "key:\n" + m(KindPrivateKey) + "\nrest", c},
		{"json escapes", `{"out":"x\n` + escaped + `\ny"}`, `{"out":"x\n` + m(KindPrivateKey) + `\ny"}`, c},
		{"truncated", "cat id\n" + truncated, "cat id\n" + m(KindPrivateKey), c},
		{"encrypted", "-----BEGIN ENCRYPTED PRIVATE KEY-----\n" + pemBody + "\n-----END ENCRYPTED PRIVATE KEY-----",
			m(KindPrivateKey), c},
		same("public", "-----BEGIN PUBLIC KEY-----\n"+pemBody+"\n-----END PUBLIC KEY-----", c),
		same("certificate", "-----BEGIN CERTIFICATE-----\n"+pemBody+"\n-----END CERTIFICATE-----", c),
	})
}

func TestURLPassword(t *testing.T) {
	c := Credentials()
	runCases(t, []kindCase{
		{"postgres", "postgres://app:hunter2@db.internal:5432/app", "postgres://app:" + m(KindURLPassword) + "@db.internal:5432/app", c},
		{"git remote", "https://oauth2:glpat-" + fake(20) + "@gitlab.com/x.git", "https://oauth2:" + m(KindURLPassword) + "@gitlab.com/x.git", c},
		same("no password", "ssh://git@github.com/o/r.git", c),
		same("port", "http://localhost:8080/a@b", c),
		same("masked", "https://user:***@example.com", c),
	})
}
