package redact

// Anchors of HTTP credentials, keyed on their rarest byte (see anchor).
var (
	anchorJWT     = anchor{"eyJ", 2}
	anchorBearers = [...]anchor{{"Bearer", 0}, {"bearer", 0}}
)

// scanJWT finds JSON Web Tokens: three base64url segments joined by dots,
// the header starting with eyJ (base64 of `{"`). The signature may be
// empty, as in unsecured tokens, which still carry their claims.
func (s *scanner) scanJWT() {
	b := s.b
	for i := anchorJWT.next(b, 0); i >= 0; i = anchorJWT.next(b, i+3) {
		if !startsRun(b, i, cB64URL) {
			continue
		}
		h := runOf(b, i, cB64URL)
		if h-i < 10 || h >= len(b) || b[h] != '.' {
			continue
		}
		p := runOf(b, h+1, cB64URL)
		if p-(h+1) < 4 || p >= len(b) || b[p] != '.' {
			continue
		}
		e := runOf(b, p+1, cB64URL)
		if e == p+1 {
			e = p // no signature: leave the dot, it may end a sentence
		}
		s.add(i, e, KindJWT)
	}
}

// scanBearer finds the token after "Bearer " or "bearer " (HTTP headers,
// curl command lines). The token must look random, so that prose such as
// "bearer authentication" and placeholders like YOUR_TOKEN survive.
func (s *scanner) scanBearer() {
	b := s.b
	for _, a := range anchorBearers {
		for i := a.next(b, 0); i >= 0; i = a.next(b, i+6) {
			if !atBoundary(b, i) {
				continue
			}
			t := i + 6
			for t < len(b) && t < i+10 && (b[t] == ' ' || b[t] == '\t') {
				t++
			}
			if t == i+6 {
				continue
			}
			e := runOf(b, t, cToken68)
			if e-t >= 8 && classCount(b[t:e]) >= 2 {
				s.add(t, e, KindBearerToken)
			}
		}
	}
}

// urlPasswordAt handles a "://" at i: it finds the password in URLs of
// the form scheme://user:password@host, as in database URLs and git
// remotes. Only the password is replaced, so the URL still says where it
// points.
func (s *scanner) urlPasswordAt(i int) {
	b := s.b
	colon, at := userinfo(b, i+3)
	if at < 0 || colon < 0 || colon+1 == at {
		return
	}
	if pw := b[colon+1 : at]; !isPlaceholder(pw) {
		s.add(colon+1, at, KindURLPassword)
	}
}

// userinfo scans the authority that starts at p and returns the first
// colon and the last '@' of its user:password part, or -1 for either when
// the URL has none. The authority ends at the first byte that may not
// appear in it unescaped.
func userinfo(b []byte, p int) (colon, at int) {
	colon, at = -1, -1
	for q := p; q < len(b) && q < p+256; q++ {
		switch c := b[q]; {
		case c == '@':
			at = q
		case c == ':':
			if colon < 0 && at < 0 {
				colon = q
			}
		case c <= ' ' || c == 0x7f:
			return colon, at
		default:
			switch c {
			case '/', '?', '#', '"', '\'', '\\', '<', '>', '`', '[', ']', '{', '}', '(', ')':
				return colon, at
			}
		}
	}
	return colon, at
}

// authorizationValue redacts the credential of an Authorization header
// value that starts at p (after blanks): the token after its scheme
// (Basic, token, Digest ...) or the whole value when it has none. Bearer
// values are left to scanBearer, which reports them as bearer tokens.
func (s *scanner) authorizationValue(p int, kq quoteKind) {
	b := s.b
	for n := 0; p < len(b) && n < 8 && (b[p] == ' ' || b[p] == '\t'); n++ {
		p++
	}
	q := p
	for q < len(b) && q-p < 8 && b[q] == '\\' {
		q++
	}
	if q < len(b) && (b[q] == '"' || b[q] == '\'') {
		p = q + 1
	} else if kq != unquoted {
		return // a quoted key with a bare JSON value
	}
	t := p
	if w := runOf(b, p, cAlpha); w > p && w < len(b) && b[w] == ' ' {
		if w-p == 6 && lower(b[p]) == 'b' && string(b[p+1:w]) == "earer" {
			return
		}
		t = w + 1
	}
	e := runOf(b, t, cToken68)
	if v := b[t:e]; len(v) >= 8 && classCount(v) >= 2 && !isPlaceholder(v) {
		s.add(t, e, KindCredential)
	}
}
