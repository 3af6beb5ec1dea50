package redact

import "bytes"

// scanEmails finds e-mail addresses: a local part, '@', and a domain of at
// least two labels whose last (the TLD) is alphabetic. Decorators (@Get),
// npm scopes (@types/node) and user@host without a dot do not qualify.
func (s *scanner) scanEmails() {
	b := s.b
	for i := indexByteFrom(b, 0, '@'); i >= 0; i = indexByteFrom(b, i+1, '@') {
		ls := i
		for ls > 0 && i-ls < 64 && isLocalByte(b[ls-1]) {
			ls--
		}
		if ls > 0 && isLocalByte(b[ls-1]) {
			continue // longer than any real local part
		}
		grown := ls
		for ls < i && b[ls] == '.' {
			ls++
		}
		if ls == i {
			continue
		}
		if touchesMarker(b, grown, runOf(b, i+1, cAlnum|cDash|cDot)) {
			continue
		}
		if e := domainEnd(b, i+1); e > 0 {
			s.add(ls, e, KindEmail)
			i = e - 1
		}
	}
}

// isLocalByte reports whether c may occur in the local part of an
// address (the common subset of RFC 5322 that real addresses use).
func isLocalByte(c byte) bool { return is(c, cAlnum|cDot|cUnder|cPlus|cDash) || c == '%' }

// domainEnd returns the end of the domain name that starts at p, or -1
// when there is none. A trailing dot (end of a sentence) is not included.
func domainEnd(b []byte, p int) int {
	labels, tld, end := 0, p, p
	for e := p; ; {
		le := runOf(b, e, cAlnum|cDash)
		if le == e || le-e > 63 || b[e] == '-' || b[le-1] == '-' {
			break
		}
		labels, tld, end = labels+1, e, le
		if le+1 < len(b) && b[le] == '.' && is(b[le+1], cAlnum) {
			e = le + 1
			continue
		}
		break
	}
	if labels < 2 || end-tld < 2 || runOf(b, tld, cAlpha) != end || !endBoundary(b, end) {
		return -1
	}
	return end
}

// scanIPv4 finds dotted-quad IPv4 addresses with octets 0-255 and no
// leading zeros. Exactly four parts are required, and a letter or dot
// before (v1.2.3.4, 1.1.2.3.4) or a dot and digit after rule a candidate
// out, so version strings and OIDs survive.
func (s *scanner) scanIPv4() {
	b := s.b
	for i := indexByteFrom(b, 0, '.'); i >= 0; i = indexByteFrom(b, i+1, '.') {
		if i == 0 || i+1 >= len(b) || !is(b[i-1], cDigit) || !is(b[i+1], cDigit) {
			continue
		}
		st := i - 1
		for st > 0 && i-st < 4 && is(b[st-1], cDigit) {
			st--
		}
		if !atBoundary(b, st) || (st > 0 && (b[st-1] == '.' || is(b[st-1], cDigit))) {
			continue
		}
		e, ok := parseIPv4(b, st)
		if !ok || !endBoundary(b, e) || (e+1 < len(b) && b[e] == '.' && is(b[e+1], cDigit)) || touchesMarker(b, st, e) {
			continue
		}
		s.add(st, e, KindIPv4)
		i = e - 1
	}
}

// parseIPv4 parses four dot-separated octets starting at p and returns
// the index after them.
func parseIPv4(b []byte, p int) (int, bool) {
	for k := 0; k < 4; k++ {
		if k > 0 {
			if p >= len(b) || b[p] != '.' {
				return 0, false
			}
			p++
		}
		d := runOf(b, p, cDigit)
		if d == p || d-p > 3 || (d-p > 1 && b[p] == '0') {
			return 0, false
		}
		v := 0
		for _, c := range b[p:d] {
			v = v*10 + int(c-'0')
		}
		if v > 255 {
			return 0, false
		}
		p = d
	}
	return p, true
}

// maxIPv6 is the length of the longest IPv6 text form (with an embedded
// IPv4 address).
const maxIPv6 = 45

// scanIPv6 finds IPv6 addresses in full (eight groups) or ::-compressed
// form, optionally ending in an IPv4 address. Each ':' is grown to the
// whole run of hex digits, colons and dots around it, which is then
// validated as one address; see validIPv6 for what rules out clock times,
// MAC addresses, hashes and C++ scopes.
func (s *scanner) scanIPv6() {
	b := s.b
	for i := indexByteFrom(b, 0, ':'); i >= 0; i = indexByteFrom(b, i+1, ':') {
		if i+1 >= len(b) || !isV6Byte(b[i+1]) {
			continue
		}
		st, e := i, i+1
		for st > 0 && e-st <= maxIPv6 && isV6Byte(b[st-1]) {
			st--
		}
		for e < len(b) && e-st <= maxIPv6 && isV6Byte(b[e]) {
			e++
		}
		if e-st > maxIPv6 {
			i = e - 1
			continue
		}
		if touchesMarker(b, st, e) {
			i = e - 1
			continue
		}
		next := e // trimming may move e before i; resume after the run
		st, e = trimV6(b, st, e)
		if validIPv6(b[st:e]) && atBoundary(b, st) && endBoundary(b, e) {
			s.add(st, e, KindIPv6)
		}
		i = next - 1
	}
}

// isV6Byte reports whether c may occur in an IPv6 address.
func isV6Byte(c byte) bool { return c == ':' || c == '.' || is(c, cHex) }

// trimV6 drops punctuation that belongs to the surrounding text: dots
// ending a sentence and single colons as in "addr: fe80::1" or "fe80::1:".
func trimV6(b []byte, st, e int) (int, int) {
	for e > st && b[e-1] == '.' {
		e--
	}
	if e-st >= 2 && b[e-1] == ':' && b[e-2] != ':' {
		e--
	}
	for st < e && b[st] == '.' {
		st++
	}
	if e-st >= 2 && b[st] == ':' && b[st+1] != ':' {
		st++
	}
	return st, e
}

// validIPv6 checks an address candidate. The full form needs exactly
// eight groups (clock times and MAC addresses have fewer). The compressed
// form needs a digit and a group of three or more characters, which
// rules out Python slices (a[1::2]) and C++ scopes (abc::def) but keeps
// fe80::1 and 2001:db8::1.
func validIPv6(r []byte) bool {
	d := bytes.Index(r, []byte("::"))
	if d < 0 {
		n, _, ok := v6Groups(r)
		return ok && n == 8
	}
	if bytes.Contains(r[d+1:], []byte("::")) {
		return false
	}
	ln, llong, lok := v6Groups(r[:d])
	rn, rlong, rok := v6Groups(r[d+2:])
	return lok && rok && ln+rn <= 7 && max(llong, rlong) >= 3 && hasClass(r, cDigit)
}

// v6Groups counts the colon-separated groups of r (an embedded IPv4
// address, allowed last, counts as two) and returns the longest group's
// length and whether all groups are well formed.
func v6Groups(r []byte) (n, longest int, ok bool) {
	for len(r) > 0 {
		g := r
		if j := bytes.IndexByte(r, ':'); j >= 0 {
			g, r = r[:j], r[j+1:]
			if len(r) == 0 {
				return 0, 0, false // trailing colon
			}
		} else {
			r = nil
		}
		switch {
		case bytes.IndexByte(g, '.') >= 0:
			if e, v4 := parseIPv4(g, 0); !v4 || e != len(g) || len(r) > 0 {
				return 0, 0, false
			}
			n, longest = n+2, max(longest, 4)
		case len(g) == 0 || len(g) > 4 || runOf(g, 0, cHex) != len(g):
			return 0, 0, false
		default:
			n, longest = n+1, max(longest, len(g))
		}
	}
	return n, longest, true
}
