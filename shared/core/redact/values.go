package redact

import "bytes"

// maxValue bounds a credential value; longer runs are data, not secrets.
const maxValue = 4096

// valueSpan returns the value that starts at p (after blanks) and whether
// it was bare (unquoted). A quoted value is taken up to its closing quote;
// a bare one up to a delimiter. To keep JSON valid:
//   - a quoted key ("token": 5) takes only a quoted value, since a bare
//     one would be a JSON number, literal or object;
//   - a bare value stops at quotes and backslashes, which end or escape
//     within the enclosing JSON string.
func (s *scanner) valueSpan(p int, kq quoteKind) (vs, ve int, bare bool) {
	b := s.b
	for n := 0; p < len(b) && n < 8 && (b[p] == ' ' || b[p] == '\t'); n++ {
		p++
	}
	q := p
	for q < len(b) && q-p < 8 && b[q] == '\\' {
		q++
	}
	if q < len(b) && (b[q] == '"' || b[q] == '\'') {
		vs, ve, ok := quotedSpan(b, b[p:q+1], q+1, kq)
		if !ok {
			return 0, 0, false
		}
		return vs, ve, false
	}
	if kq != unquoted {
		return 0, 0, false
	}
	// Separators inside one bare value (k=k=k...) share its end; finding
	// it once keeps such input linear.
	if p < s.bareFrom || p >= s.bareTo {
		e := p
		for e < len(b) && isValueByte(b[e]) {
			e++
		}
		s.bareFrom, s.bareTo = p, e
	}
	if s.bareTo-p > maxValue {
		return 0, 0, false
	}
	return p, s.bareTo, true
}

// quotedSpan scans the value opened by tok (a quote, possibly escaped as
// \" when the text is JSON inside a JSON string) that starts at vs, and
// returns it without the quotes.
func quotedSpan(b, tok []byte, vs int, kq quoteKind) (int, int, bool) {
	if tok[len(tok)-1] == '"' {
		return doubleQuotedSpan(b, len(tok)-1, vs, kq)
	}
	for i := vs; i < len(b) && i-vs < maxValue; {
		switch c := b[i]; {
		case c == '\\':
			if len(tok) > 1 && bytes.HasPrefix(b[i:], tok) {
				return vs, i, true
			}
			i += escLen(b, i)
		case c == '\'' && len(tok) == 1:
			return vs, i, true
		case c == '"', c < ' ':
			return 0, 0, false // the enclosing JSON string or the line ends
		default:
			i++
		}
	}
	return 0, 0, false
}

// doubleQuotedSpan is quotedSpan for a value opened by n backslashes and
// a double quote. A quote inside is judged by the run of r backslashes
// before it. Text nested d JSON strings deep opens with n = 2^d-1, and
// each level of unescaping turns a run of r into (r-1)/2, so with
// p = 2(n+1): r%p == n closes the value, r%p == p-1 is a quote escaped
// inside it (abc\"def at the top, abc\\\"def one string down), and any
// other r ends an enclosing string. Matching the opening's run alone
// would stop at that escaped quote and leave the rest of the value.
func doubleQuotedSpan(b []byte, n, vs int, kq quoteKind) (int, int, bool) {
	period := 2 * (n + 1)
	for i := vs; i < len(b) && i-vs < maxValue; {
		q := i
		for q < len(b) && q-vs < maxValue && b[q] == '\\' {
			q++
		}
		switch {
		case q-vs >= maxValue:
			return 0, 0, false
		case q == len(b) || b[q] < ' ':
			return 0, 0, false // the input or the line ends
		case b[q] != '"':
			i = q + 1
		case (q-i)%period == period-1:
			i = q + 1
		case (q-i)%period != n:
			return 0, 0, false // the enclosing JSON string ends
		case n == 0 && kq != rawQuote && bytes.ContainsAny(b[vs:q], ",:"):
			// A bare " after an unquoted key may close the JSON string the
			// key is in; what follows up to the next " is then JSON syntax,
			// which between two strings always holds a comma or colon.
			return 0, 0, false
		default:
			return vs, q - n, true
		}
	}
	return 0, 0, false
}

// isValueByte reports whether c may be part of a bare value.
func isValueByte(c byte) bool {
	if c <= ' ' || c == 0x7f {
		return false
	}
	switch c {
	case '"', '\'', '\\', '`', ',', ';', '&', ')', ']', '}', '<', '>':
		return false
	}
	return true
}

// plausibleValue rejects values that are not secrets: too short,
// placeholders and partly redacted values. Bare values are also rejected
// when they read as code: calls and indexing (f(x), a[i]), property paths
// (cfg.Password), variables named after the secret (newPassword), and,
// right of a code-style assignment, any plain name or number.
func plausibleValue(v []byte, bare, code bool) bool {
	// A value holding a marker was redacted in part already; taking the
	// rest now would make a second pass differ from the first.
	if len(v) < 3 || isPlaceholder(v) || bytes.Contains(v, []byte(markerPrefix)) {
		return false
	}
	if !bare {
		return true
	}
	if bytes.ContainsAny(v, "([") || isDottedIdent(v) {
		return false
	}
	if code && (isIdent(v) && !hasClass(v, cDigit) || runOf(v, 0, cDigit|cDash|cPlus|cDot) == len(v)) {
		return false
	}
	return !(isIdent(v) && !hasClass(v, cDigit) && mentionsSecret(v))
}

// isIdent reports whether v is a programming-language identifier.
func isIdent(v []byte) bool {
	if len(v) == 0 || is(v[0], cDigit) {
		return false
	}
	return runOf(v, 0, cWord) == len(v)
}

// isDottedIdent reports whether v is a property path such as
// config.password or process.env.TOKEN.
func isDottedIdent(v []byte) bool {
	dots := 0
	for len(v) > 0 {
		part := v
		if j := bytes.IndexByte(v, '.'); j >= 0 {
			part, v = v[:j], v[j+1:]
			dots++
		} else {
			v = nil
		}
		if !isIdent(part) {
			return false
		}
	}
	return dots > 0
}

// mentionsSecret reports whether v contains a secret's name, as variables
// holding one usually do.
func mentionsSecret(v []byte) bool {
	var buf [64]byte
	if len(v) > len(buf) {
		return false
	}
	for i, c := range v {
		buf[i] = lower(c)
	}
	l := buf[:len(v)]
	for _, w := range [...]string{"pass", "pwd", "secret", "token", "key"} {
		if contains(l, w) {
			return true
		}
	}
	return false
}

// isPlaceholder reports whether v stands in for a secret rather than
// being one: <token>, $VAR, ${VAR}, {{ var }}, %s, ********, xxxx, type
// names and literals, or an earlier redaction marker.
func isPlaceholder(v []byte) bool {
	switch v[0] {
	case '<', '$', '{', '[', '%', '*':
		return true
	}
	if allSame(v) {
		return true
	}
	var buf [16]byte
	if len(v) > len(buf) {
		return bytes.Contains(v, []byte("***"))
	}
	for i, c := range v {
		buf[i] = lower(c)
	}
	l := buf[:len(v)]
	switch string(l) {
	case "null", "none", "nil", "true", "false", "undefined", "string", "str",
		"bool", "boolean", "int", "number", "any", "object", "required",
		"optional", "hidden", "masked", "secret", "password", "token":
		return true
	}
	return contains(l, "redacted") || contains(l, "***")
}

// allSame reports whether every byte of v is the same, as in masks such
// as xxxxxxxx or "......".
func allSame(v []byte) bool {
	for _, c := range v[1:] {
		if c != v[0] {
			return false
		}
	}
	return true
}
