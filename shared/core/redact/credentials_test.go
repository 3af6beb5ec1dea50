package redact

import (
	"encoding/json"
	"strings"
	"testing"
)

func TestCredentials(t *testing.T) {
	c := Credentials()
	cr := m(KindCredential)
	runCases(t, []kindCase{
		{"password=", "password=hunter2", "password=" + cr, c},
		{"passwd:", "passwd: s3cr3t!", "passwd: " + cr, c},
		{"secret:", "secret: abcdef", "secret: " + cr, c},
		{"token= in url", "/cb?token=abc123&next=/", "/cb?token=" + cr + "&next=/", c},
		{"json api_key", `{"api_key": "k-123456"}`, `{"api_key": "` + cr + `"}`, c},
		{"json client_secret", `{"client_secret":"xyz789abc","id":1}`, `{"client_secret":"` + cr + `","id":1}`, c},
		{"env API_KEY", "API_KEY=abcdef123456\nDEBUG=1", "API_KEY=" + cr + "\nDEBUG=1", c},
		{"env quoted", `DB_PASSWORD="p@ss w0rd"`, `DB_PASSWORD="` + cr + `"`, c},
		{"single quoted", "password = 'hunter2'", "password = '" + cr + "'", c},
		{"go assign", `token := "tok_live_123"`, `token := "` + cr + `"`, c},
		{"ruby hash", `:password => "hunter2"`, `:password => "` + cr + `"`, c},
		{"yaml", "db:\n  password: hunter2\n  user: app", "db:\n  password: " + cr + "\n  user: app", c},
		{"camel case", `apiKey: "abcd1234"`, `apiKey: "` + cr + `"`, c},
		{"cli flag", "mysql --password=hunter2 -u app", "mysql --password=" + cr + " -u app", c},
		{"in json string", `{"cmd":"export TOKEN=abc123\nls"}`, `{"cmd":"export TOKEN=` + cr + `\nls"}`, c},
		{"json in json", `{"out":"{\"password\": \"hunter2\"}"}`, `{"out":"{\"password\": \"` + cr + `\"}"}`, c},
		{"escaped quote in value", `{"password": "a\"b\\c"}`, `{"password": "` + cr + `"}`, c},
		{"basic auth", "Authorization: Basic dXNlcjpwYXNzd29yZA==", "Authorization: Basic " + cr, c},
		{"github auth", `"Authorization": "token ` + "Abc123def456" + `"`, `"Authorization": "token ` + cr + `"`, c},
		{"header key", "X-Api-Key: 8d9f7a6b5c4d", "X-Api-Key: " + cr, c},
		same("masked", "password: ********", c),
		same("redacted", "token=<redacted>", c),
		same("empty", "password=\nsecret: \n", c),
		same("empty json", `{"password": ""}`, c),
		same("prose", "the password is stored in vault", c),
		same("variable", "password: ${DB_PASSWORD}", c),
		same("property", "password = config.password", c),
		same("call", "token = get_token()", c),
		same("json null", `{"token": null, "password": 12345}`, c),
		same("json in json number", `{"out":"{\"token\": 1234567}"}`, c),
		same("max_tokens", `{"max_tokens": 4096, "input_tokens": 12}`, c),
		same("comparison", "if password == other && token != nil", c),
		same("cwd", "PWD=/home/user\nOLDPWD=/tmp", c),
		same("pagination", "NextToken: abc123def456", c),
		same("kwarg", "connect(password=password, token=token)", c),
		same("named variable", "password: newPassword,", c),
		same("type", "password: string; token?: str", c),
		same("code assignment", "in.peekToken = tok\n_ token = iota\nl.password = f[i+1]\nsecret := key", c),
		{"ini", "password = hunter2", "password = " + cr, c},
		{"env word", "DB_PASSWORD=letmein", "DB_PASSWORD=" + cr, c},
		same("json string ends", `{"a":"TOKEN=", "b": 1, "c": "x"}`, c),
		same("json key unclosed", `{"a":"password:"}`, c),
		same("basic prose", "Authorization: required for all endpoints", c),
	})
}

// TestEscapedQuoteInValue checks that a quote escaped inside a value does
// not end it, at the top level and inside JSON strings one and two levels
// deep, where the escaped quote gains backslashes of its own.
func TestEscapedQuoteInValue(t *testing.T) {
	c := Credentials()
	cr := m(KindCredential)
	deep := jsonQuote(jsonQuote(`{"secret":"ab\"cd-9f8e"}`))
	runCases(t, []kindCase{
		{"json password", `{"password":"abc\"def123"}`, `{"password":"` + cr + `"}`, c},
		{"json token", `{"token": "a\"b\"c-77"}`, `{"token": "` + cr + `"}`, c},
		{"embedded password", `{\"password\":\"abc\\\"def\"}`, `{\"password\":\"` + cr + `\"}`, c},
		{"embedded api_key", `{"out":"{\"api_key\": \"k1\\\"k2\\\"k3\"}"}`, `{"out":"{\"api_key\": \"` + cr + `\"}"}`, c},
		{"embedded client_secret", `{\"client_secret\":\"x\\\"y\",\"id\":1}`, `{\"client_secret\":\"` + cr + `\",\"id\":1}`, c},
		{"embedded aws secret", `{\"aws_secret_access_key\":\"wJal\\\"rXUt\"}`, `{\"aws_secret_access_key\":\"` + m(KindAWSSecretKey) + `\"}`, c},
		{"embedded backslash before close", `{\"passphrase\":\"abc\\\\\"}`, `{\"passphrase\":\"` + cr + `\"}`, c},
		{"embedded bare key", `{"cmd":"export TOKEN=\"abc\\\"def\""}`, `{"cmd":"export TOKEN=\"` + cr + `\""}`, c},
		{"two strings deep", deep, strings.Replace(deep, `ab\\\\\\\"cd-9f8e`, cr, 1), c},
		same("enclosing string ends", `{"note":"password=\"abc", "x": "def\""}`, c),
	})
}

// jsonQuote returns s as the body of a JSON string, without the quotes.
func jsonQuote(s string) string {
	b, _ := json.Marshal(s)
	return string(b[1 : len(b)-1])
}

func TestKeyClassification(t *testing.T) {
	cases := map[string]Kind{
		"password": KindCredential, "DB_PASSWORD": KindCredential, "passwd": KindCredential,
		"passphrase": KindCredential, "db_pwd": KindCredential, "client-secret": KindCredential,
		"access_token": KindCredential, "apiKey": KindCredential, "X-API-KEY": KindCredential,
		"private_key": KindCredential, "aws_secret_access_key": KindAWSSecretKey,
		"SecretAccessKey": KindAWSSecretKey, "AWS_SECRET": KindAWSSecretKey,
		"pwd": "", "NextToken": "", "key": "", "monkey": "", "max_tokens": "",
		"password_file": "", "token_type": "", "secrets_dir": "",
	}
	for key, want := range cases {
		if got, _ := classifyKey([]byte(key)); got != want {
			t.Errorf("classifyKey(%q) = %q, want %q", key, got, want)
		}
	}
}
