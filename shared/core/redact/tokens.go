package redact

import (
	"bytes"
	"strings"
)

// Literal anchors of the vendor token formats, each keyed on a byte that
// is rare in ordinary text. A detector finds its anchor first and only
// then checks the shape around it.
var (
	anchorSK      = anchor{"sk-", 1}
	anchorWebhook = anchor{"hooks.slack.com/services/", 19} // the v
)

// scanGitHub finds classic tokens (ghp_, gho_, ghu_, ghs_, ghr_ followed by
// at least 36 alphanumerics) and fine-grained github_pat_ tokens. Both
// have an underscore at a fixed place, so one pass over the underscores
// serves all six prefixes.
func (s *scanner) scanGitHub() {
	b := s.b
	for i := indexByteFrom(b, 0, '_'); i >= 0; i = indexByteFrom(b, i+1, '_') {
		switch {
		case i >= 3 && b[i-3] == 'g' && b[i-2] == 'h' && strings.IndexByte("pousr", b[i-1]) >= 0:
			if !atBoundary(b, i-3) {
				continue
			}
			if e := runOf(b, i+1, cAlnum); e-(i+1) >= 36 && endBoundary(b, e) {
				s.add(i-3, e, KindGitHubToken)
				i = e - 1
			}
		case i >= 6 && string(b[i-6:i]) == "github" && bytes.HasPrefix(b[i:], []byte("_pat_")):
			if !atBoundary(b, i-6) {
				continue
			}
			if e := runOf(b, i+5, cWord); e-(i+5) >= 40 {
				s.add(i-6, e, KindGitHubToken)
				i = e - 1
			}
		}
	}
}

// scanSK finds sk- keys: Anthropic (sk-ant-...) and OpenAI style (sk-...,
// sk-proj-...). A key is long and holds a random-looking segment, which
// rules out names such as sk-learn or hyphenated slugs.
func (s *scanner) scanSK() {
	b := s.b
	for i := anchorSK.next(b, 0); i >= 0; i = anchorSK.next(b, i+3) {
		if !startsRun(b, i, cB64URL) {
			continue
		}
		body := b[i+3 : runOf(b, i+3, cB64URL)]
		if len(body) < 20 || !hasRandomSegment(body) {
			continue
		}
		kind := KindOpenAIKey
		if string(body[:4]) == "ant-" {
			kind = KindAnthropicKey
		}
		s.add(i, i+3+len(body), kind)
	}
}

// hasRandomSegment reports whether a dash-separated segment of body is at
// least 16 bytes long and mixes letters and digits.
func hasRandomSegment(body []byte) bool {
	for len(body) > 0 {
		seg := body
		if j := bytes.IndexByte(body, '-'); j >= 0 {
			seg, body = body[:j], body[j+1:]
		} else {
			body = nil
		}
		if len(seg) >= 16 && hasClass(seg, cDigit) && hasClass(seg, cAlpha) {
			return true
		}
	}
	return false
}

// scanAKeys finds the keys that start with a capital A: AWS access key
// ids (AKIA long-term, ASIA temporary, then exactly 16 upper-case letters
// and digits) and Google API keys (AIza, then exactly 35 base64url
// bytes). One pass over the A's serves both vendors.
func (s *scanner) scanAKeys() {
	b := s.b
	for i := indexByteFrom(b, 0, 'A'); i >= 0 && i+4 <= len(b); i = indexByteFrom(b, i+1, 'A') {
		switch string(b[i+1 : i+4]) {
		case "KIA", "SIA":
			if !atBoundary(b, i) {
				continue
			}
			if e := runOf(b, i+4, cUpper|cDigit); e-i == 20 && endBoundary(b, e) {
				s.add(i, e, KindAWSAccessKey)
			}
		case "Iza":
			if !startsRun(b, i, cB64URL) {
				continue
			}
			if e := runOf(b, i+4, cB64URL); e-(i+4) == 35 {
				s.add(i, e, KindGoogleAPIKey)
			}
		}
	}
}

// scanSlack finds Slack tokens (see slackBody for the prefixes) and
// incoming-webhook URLs. One pass over the x's serves every prefix.
func (s *scanner) scanSlack() {
	b := s.b
	for i := indexByteFrom(b, 0, 'x'); i >= 0; i = indexByteFrom(b, i+1, 'x') {
		body := slackBody(b, i)
		if body < 0 || !startsRun(b, i, cAlnum|cDash) {
			continue
		}
		e := runOf(b, body, cAlnum|cDash)
		if e-body >= 10 && hasClass(b[body:e], cDigit) {
			s.add(i, e, KindSlackToken)
			i = e - 1
		}
	}
	for i := anchorWebhook.next(b, 0); i >= 0; i = anchorWebhook.next(b, i+1) {
		path := i + len(anchorWebhook.lit)
		e := runOf(b, path, cAlnum|cSlash|cUnder)
		if e-path < 10 {
			continue
		}
		start := i
		for _, scheme := range [...]string{"https://", "http://"} {
			if i >= len(scheme) && string(b[i-len(scheme):i]) == scheme {
				start = i - len(scheme)
				break
			}
		}
		s.add(start, e, KindSlackWebhook)
	}
}

// slackBody returns where the random part of a Slack token starting at i
// begins, or -1 when no Slack prefix starts there. Rotating tokens chain
// two prefixes, as in xoxe.xoxp-; the chain is one link long, so that a
// run of "xoxe." cannot make the scan quadratic.
func slackBody(b []byte, i int) int {
	if n := slackPrefix(b, i); n >= 0 {
		return n
	}
	if i+5 <= len(b) && string(b[i:i+5]) == "xoxe." {
		return slackPrefix(b, i+5)
	}
	return -1
}

// slackPrefix returns the index after a plain Slack prefix at i, or -1:
// xoxb- (bot), xoxp- (user), xoxa- and xoxr- (access and refresh), xoxs-
// (session), xoxc- (browser client), xoxe- (rotation) and xapp- (app
// level).
func slackPrefix(b []byte, i int) int {
	if i+5 > len(b) || b[i+4] != '-' {
		return -1
	}
	switch string(b[i : i+4]) {
	case "xoxb", "xoxp", "xoxa", "xoxr", "xoxs", "xoxc", "xoxe", "xapp":
		return i + 5
	}
	return -1
}
