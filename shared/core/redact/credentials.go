package redact

import "bytes"

// quoteKind says how the key of a key = value pair was quoted; it decides
// which values are safe to take (see valueSpan).
type quoteKind uint8

const (
	unquoted  quoteKind = iota
	rawQuote            // "key": a JSON object key, or a quoted key in raw text
	otherQuot           // 'key' or \"key\" (a key inside a JSON string)
)

// scanSeparators visits every '=' and ':'. At each it redacts the value
// of a key = value or key: value pair whose key names a secret (password,
// secret, token, api_key ...), keeping the key so the text stays
// readable; a ':' starting "://" may also begin a URL with a password.
// Most separators are rejected by the last letters of their key before
// anything else is looked at, which keeps the cost per separator to a few
// instructions.
func (s *scanner) scanSeparators() {
	b := s.b
	for i := indexByteFrom(b, 0, '='); i >= 0; i = indexByteFrom(b, i+1, '=') {
		s.credentialAt(i)
	}
	for i := indexByteFrom(b, 0, ':'); i >= 0; i = indexByteFrom(b, i+1, ':') {
		if i+2 < len(b) && b[i+1] == '/' && b[i+2] == '/' {
			s.urlPasswordAt(i)
			continue
		}
		s.credentialAt(i)
	}
}

// credentialAt handles the separator at i.
func (s *scanner) credentialAt(i int) {
	b := s.b
	ks, ke, q := keyBefore(b, i)
	if ks == ke {
		return
	}
	vstart, ok := afterSeparator(b, i)
	if !ok {
		return
	}
	kind, word := classifyKey(b[ks:ke])
	switch {
	case kind == "":
		return
	case word == "authorization":
		s.authorizationValue(vstart, q)
		return
	}
	// "key = v" and "key := v", with a blank before the operator, is how
	// code assigns; env files write KEY=v and YAML key: v.
	code := i > 0 && (b[i-1] == ' ' || b[i-1] == '\t') && (b[i] == '=' || vstart == i+2)
	vs, ve, bare := s.valueSpan(vstart, q)
	if vs < ve && plausibleValue(b[vs:ve], bare, code) && !bytes.EqualFold(b[vs:ve], b[ks:ke]) {
		s.add(vs, ve, kind)
	}
}

// keyBefore finds the key that ends before the separator at i, skipping
// blanks and a closing quote, and reports how it was quoted. It returns
// an empty range when there is no key or its last letters cannot end a
// secret's name.
func keyBefore(b []byte, i int) (start, end int, q quoteKind) {
	j := i
	for j > 0 && i-j < 4 && (b[j-1] == ' ' || b[j-1] == '\t') {
		j--
	}
	if j > 0 && (b[j-1] == '"' || b[j-1] == '\'') {
		q = rawQuote
		if b[j-1] == '\'' {
			q = otherQuot
		}
		j--
		for j > 0 && b[j-1] == '\\' {
			q = otherQuot
			j--
		}
	}
	if j == 0 {
		return 0, 0, q
	}
	if !secretTail(b, j) {
		return 0, 0, q
	}
	// Only the key's tail matters, so a long key is cut rather than
	// refused: refusing would depend on text a redaction may replace.
	e := j
	for j > 0 && e-j < 64 && is(b[j-1], cKeyName) {
		j--
	}
	return j, e, q
}

// secretTail reports whether the key ending before j may name a secret,
// judged by its last letters alone (classifyKey decides). Most keys fail
// on their last byte, which makes this the separators' fast path.
func secretTail(b []byte, j int) bool {
	switch lower(b[j-1]) {
	case 'd':
		return tailIs(b, j, "ord") || tailIs(b, j, "swd") || tailIs(b, j, "pwd")
	case 't':
		return tailIs(b, j, "ret")
	case 'n':
		return tailIs(b, j, "ken") || tailIs(b, j, "zation")
	case 'y':
		return tailIs(b, j, "key")
	case 'e':
		return tailIs(b, j, "phrase")
	}
	return false
}

// tailIs reports whether the bytes before j are s, ignoring ASCII case.
func tailIs(b []byte, j int, s string) bool {
	if j < len(s) {
		return false
	}
	for k := range len(s) {
		if lower(b[j-len(s)+k]) != s[k] {
			return false
		}
	}
	return true
}

// afterSeparator checks that the byte at i separates a key from a value
// (=, :, := or =>, but not ==, !=, <=, +=, ::) and returns where the
// value may start.
func afterSeparator(b []byte, i int) (int, bool) {
	var prev, next byte
	if i > 0 {
		prev = b[i-1]
	}
	if i+1 < len(b) {
		next = b[i+1]
	}
	if b[i] == ':' {
		switch {
		case prev == ':' || next == ':':
			return 0, false
		case next == '=':
			return i + 2, true
		}
		return i + 1, true
	}
	switch prev {
	case '=', '!', '<', '>', ':', '+', '-', '*', '/', '%', '&', '|', '^', '~':
		return 0, false
	}
	switch next {
	case '=':
		return 0, false
	case '>':
		return i + 2, true
	}
	return i + 1, true
}

// Suffixes of key names whose values are secrets, compared after the key
// is lower-cased and stripped of _ - and . (so API_KEY, apiKey and
// api-key all end in "apikey").
var secretSuffixes = [...]string{
	"password", "passwd", "passphrase", "pwd", "secret", "token",
	"apikey", "accesskey", "secretkey", "privatekey", "signingkey",
	"encryptionkey", "masterkey", "authkey", "authorization",
}

// notSecret lists normalised keys that end like a secret's name but hold
// none: the shell's working directories and pagination cursors.
var notSecret = [...]string{
	"pwd", "oldpwd", "nexttoken", "pagetoken", "nextpagetoken", "continuationtoken",
}

// classifyKey decides whether key names a secret. It returns the kind to
// report ("" when it is no secret) and the suffix that matched, which
// tells Authorization headers apart.
func classifyKey(key []byte) (Kind, string) {
	var buf [40]byte
	n := 0
	for _, c := range key[max(0, len(key)-len(buf)):] {
		if c = lower(c); is(c, cAlnum) {
			buf[n] = c
			n++
		}
	}
	k := buf[:n]
	for _, w := range notSecret {
		if string(k) == w {
			return "", ""
		}
	}
	for _, w := range secretSuffixes {
		if !hasSuffix(k, w) {
			continue
		}
		if contains(k, "secret") && (contains(k, "aws") || hasSuffix(k, "secretaccesskey")) {
			return KindAWSSecretKey, w
		}
		return KindCredential, w
	}
	return "", ""
}

// hasSuffix is strings.HasSuffix for a byte slice and a string, without
// converting (and so without allocating).
func hasSuffix(b []byte, s string) bool {
	return len(b) >= len(s) && string(b[len(b)-len(s):]) == s
}

// contains reports whether s occurs in b, without allocating.
func contains(b []byte, s string) bool {
	for i := 0; i+len(s) <= len(b); i++ {
		if string(b[i:i+len(s)]) == s {
			return true
		}
	}
	return false
}
