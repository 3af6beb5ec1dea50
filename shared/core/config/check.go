package config

import (
	"fmt"
	"math"
	"slices"
	"strings"
)

// Check validates a decoded JSON value against the key and returns ""
// when it is acceptable, else a message saying what was expected.
func (k Key) Check(v any) string {
	switch k.Kind {
	case Bool:
		if _, ok := v.(bool); !ok {
			return "expected true or false, got " + describe(v)
		}
	case Int, Float:
		n, ok := v.(float64)
		if !ok {
			return fmt.Sprintf("expected %s, got %s", article(k.Kind.String()), describe(v))
		}
		if k.Kind == Int && n != math.Trunc(n) {
			return "expected a whole number, got " + describe(v)
		}
		if n < k.Min || n > k.Max {
			return fmt.Sprintf("%s is out of range [%s, %s]", describe(v), num(k.Min), num(k.Max))
		}
	case String:
		if _, ok := v.(string); !ok {
			return "expected a string, got " + describe(v)
		}
	case Enum:
		s, ok := v.(string)
		if !ok || !slices.Contains(k.Values, s) {
			return fmt.Sprintf("expected one of %s, got %s", strings.Join(k.Values, ", "), describe(v))
		}
	case Strings:
		return checkList(v, func(e any) bool { _, ok := e.(string); return ok }, "strings")
	case Object:
		if _, ok := v.(map[string]any); !ok {
			return "expected an object, got " + describe(v)
		}
	case Objects:
		return checkList(v, func(e any) bool { _, ok := e.(map[string]any); return ok }, "objects")
	}
	return ""
}

func checkList(v any, ok func(any) bool, what string) string {
	list, isList := v.([]any)
	if !isList {
		return "expected an array of " + what + ", got " + describe(v)
	}
	for i, e := range list {
		if !ok(e) {
			return fmt.Sprintf("expected an array of %s, item %d is %s", what, i, describe(e))
		}
	}
	return ""
}

// describe names a JSON value for an error message.
func describe(v any) string {
	switch x := v.(type) {
	case nil:
		return "null"
	case bool:
		return fmt.Sprintf("%t", x)
	case float64:
		return num(x)
	case string:
		if len(x) > 40 {
			x = x[:40] + "…"
		}
		return fmt.Sprintf("%q", x)
	case []any:
		return "an array"
	case map[string]any:
		return "an object"
	}
	return fmt.Sprintf("%v", v)
}

func num(f float64) string {
	if f == math.Trunc(f) && math.Abs(f) < 1e15 {
		return fmt.Sprintf("%d", int64(f))
	}
	return fmt.Sprintf("%g", f)
}

// article prefixes a or an.
func article(noun string) string {
	if strings.ContainsRune("aeiou", rune(noun[0])) {
		return "an " + noun
	}
	return "a " + noun
}
