package redact

import "bytes"

var (
	anchorBegin = anchor{"-----BEGIN ", 5}
	anchorEnd   = "-----END "
	privateKey  = []byte("PRIVATE KEY")
)

// maxPEM bounds how far a private key block may reach; real keys are a
// few kilobytes, and the bound keeps a stray BEGIN line from making the
// scan quadratic.
const maxPEM = 64 << 10

// scanPrivateKeys finds PEM private key blocks (RSA, EC, DSA, OPENSSH,
// ENCRYPTED, PGP ...), whether their lines are broken by real newlines or
// by \n escapes inside a JSON string. A block whose END line is missing,
// as in truncated output, is redacted as far as its key material reaches.
func (s *scanner) scanPrivateKeys() {
	b := s.b
	for i := anchorBegin.next(b, 0); i >= 0; i = anchorBegin.next(b, i+1) {
		body, ok := pemLabel(b, i+len(anchorBegin.lit))
		if !ok {
			continue
		}
		end := s.blockEnd(body)
		if end < 0 {
			end = pemBodyEnd(b, body)
		}
		s.add(i, end, KindPrivateKey)
		i = end - 1
	}
}

// pemLabel checks that the label starting at p (after BEGIN or END) names
// a private key and is closed by five dashes; it returns the index after
// them.
func pemLabel(b []byte, p int) (int, bool) {
	e := p
	for e < len(b) && e-p < 48 && (is(b[e], cUpper|cDigit) || b[e] == ' ') {
		e++
	}
	if !bytes.Contains(b[p:e], privateKey) || !bytes.HasPrefix(b[e:], []byte("-----")) {
		return 0, false
	}
	return e + 5, true
}

// blockEnd returns the index after the END line that closes the block
// whose body starts at p, or -1. A quote in between means the block is
// not within one JSON string, and the caller falls back to pemBodyEnd.
// Both searches go through seekers: a run of BEGIN lines without END
// would otherwise rescan the rest of the input for each.
func (s *scanner) blockEnd(p int) int {
	b := s.b
	k := s.pemEnd.next(b, p, anchorEnd)
	if k < 0 || k-p > maxPEM {
		return -1
	}
	if q := s.quote.next(b, p, `"`); q >= 0 && q < k {
		return -1
	}
	e, ok := pemLabel(b, k+len(anchorEnd))
	if !ok {
		return -1
	}
	return e
}

// pemBodyEnd returns where the key material that starts at p ends: base64,
// PEM header punctuation, whitespace and escaped line breaks (\n, or \\n
// when the JSON is itself inside a JSON string).
func pemBodyEnd(b []byte, p int) int {
	lim := min(len(b), p+maxPEM)
	for p < lim {
		c := b[p]
		switch {
		case is(c, cB64|cDash), c == ' ', c == '\t', c == '\r', c == '\n', c == ':', c == ',':
			p++
		case c == '\\':
			q := p
			for q < lim && b[q] == '\\' {
				q++
			}
			if q == lim || (b[q] != 'n' && b[q] != 'r' && b[q] != 't') {
				return p
			}
			p = q + 1
		default:
			return p
		}
	}
	return p
}
