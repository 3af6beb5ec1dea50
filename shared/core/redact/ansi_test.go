package redact

import "testing"

// Colour codes as terminals receive them, and as they look once the
// output is a JSON string (\u001b) or quoted inside one (\\u001b).
const (
	green    = "\x1b[32m"
	boldRed  = "\x1b[0;31m"
	orange   = "\x1b[38;5;208m"
	reset    = "\x1b[0m"
	jsGreen  = `\u001b[32m`
	jsReset  = `\u001b[0m`
	jsjsBold = `\\u001b[1m`
)

// TestTokensInColour checks tokens that a colour code starts or ends. The
// code's final letter (the m of ESC[32m) must not count as part of the
// token's word, or the token would be taken for the tail of a longer one.
func TestTokensInColour(t *testing.T) {
	c := Credentials()
	gh := m(KindGitHubToken)
	runCases(t, []kindCase{
		{"ghp after green", green + ghToken + reset, green + gh + reset, c},
		{"ghp after two parameters", boldRed + ghToken, boldRed + gh, c},
		{"gho before reset", "token gho_" + fake(36) + reset, "token " + gh + reset, c},
		{"ghu", orange + "ghu_" + fake(36) + reset, orange + gh + reset, c},
		{"ghs", green + "ghs_" + fake(36) + reset, green + gh + reset, c},
		{"ghr", green + "ghr_" + fake(36) + reset, green + gh + reset, c},
		{"github_pat", boldRed + ghPAT + reset, boldRed + gh + reset, c},
		{"json escaped", `{"stdout":"` + jsGreen + ghToken + jsReset + `"}`, `{"stdout":"` + jsGreen + gh + jsReset + `"}`, c},
		{"json in json", `{"out":"` + jsjsBold + ghToken + `"}`, `{"out":"` + jsjsBold + gh + `"}`, c},
		{"shell octal", `echo -e "\033[31m` + ghToken + `\033[0m"`, `echo -e "\033[31m` + gh + `\033[0m"`, c},
		{"shell e", `printf '\e[1m` + ghToken + `'`, `printf '\e[1m` + gh + `'`, c},
		{"slack", green + slackToken + reset, green + m(KindSlackToken) + reset, c},
		{"slack app", green + slackAppToken + reset, green + m(KindSlackToken) + reset, c},
		{"aws", green + awsKeyID + reset, green + m(KindAWSAccessKey) + reset, c},
		{"google", green + googleKey + reset, green + m(KindGoogleAPIKey) + reset, c},
		{"openai", green + openAIKey + reset, green + m(KindOpenAIKey) + reset, c},
		{"jwt", green + jwt + reset, green + m(KindJWT) + reset, c},
		{"bearer", "Authorization: " + green + "Bearer abc123DEF456ghi789" + reset,
			"Authorization: " + green + "Bearer " + m(KindBearerToken) + reset, c},
		same("brackets without escape", "[32m"+ghToken, c),
		same("letter among parameters", "\x1b[3am"+ghToken, c),
		same("glued after the code", green+"x"+ghToken, c),
	})
}
