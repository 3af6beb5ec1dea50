package settingsjson

// This file decides when a Set is no change: the value it would write
// equals the current one as JSON.

import (
	"bytes"
	"strconv"
	"strings"

	"github.com/session-intelligence/session-intelligence/shared/core/jsonx"
)

// equalJSON compares two values as decoded JSON, so that setting a key
// to the value it already has is no change: whitespace, key order,
// escapes and the spelling of numbers (1.0, 1, 1e0) do not matter.
// Numbers are compared exactly as decimals, never through float64,
// which would call two different large integers equal.
func equalJSON(a, b []byte) bool {
	va, errA := decodeValue(a)
	vb, errB := decodeValue(b)
	return errA == nil && errB == nil && sameValue(va, vb)
}

// decodeValue decodes one value, keeping numbers as their text.
func decodeValue(raw []byte) (any, error) {
	dec := jsonx.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	var v any
	err := dec.Decode(&v)
	return v, err
}

// sameValue compares decoded values; maps and slices element by element,
// numbers by their exact decimal value.
func sameValue(a, b any) bool {
	switch a := a.(type) {
	case map[string]any:
		bm, ok := b.(map[string]any)
		if !ok || len(a) != len(bm) {
			return false
		}
		for k, av := range a {
			if bv, ok := bm[k]; !ok || !sameValue(av, bv) {
				return false
			}
		}
		return true
	case []any:
		bs, ok := b.([]any)
		if !ok || len(a) != len(bs) {
			return false
		}
		for i := range a {
			if !sameValue(a[i], bs[i]) {
				return false
			}
		}
		return true
	case jsonx.Number:
		bn, ok := b.(jsonx.Number)
		return ok && canonicalNumber(string(a)) == canonicalNumber(string(bn))
	default: // string, bool, nil
		return a == b
	}
}

// canonicalNumber rewrites a JSON number as "[-]0.DIGITSeEXP" with no
// leading or trailing zeros in DIGITS, so equal values compare equal as
// text. It works on the digits, so a number of any size stays exact and
// a huge exponent costs nothing; an exponent too long to add up is left
// as written (such numbers only match their own spelling).
func canonicalNumber(num string) string {
	s, neg := strings.CutPrefix(num, "-")
	mant, expText, hasExp := strings.Cut(strings.ToLower(s), "e")
	intPart, frac, _ := strings.Cut(mant, ".")
	digits := intPart + frac
	exp := len(intPart) // value = 0.digits × 10^exp
	if hasExp {
		e, err := strconv.Atoi(expText)
		if err != nil || len(expText) > 12 {
			return num
		}
		exp += e
	}
	trimmed := strings.TrimLeft(digits, "0")
	exp -= len(digits) - len(trimmed)
	digits = strings.TrimRight(trimmed, "0")
	if digits == "" {
		return "0" // -0 and 0 decode to equal numbers
	}
	sign := ""
	if neg {
		sign = "-"
	}
	return sign + "0." + digits + "e" + strconv.Itoa(exp)
}
