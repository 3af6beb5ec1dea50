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
		return k.checkNumber(v)
	case String:
		s, ok := v.(string)
		if !ok {
			return "expected a string, got " + describe(v)
		}
		if msg := k.checkLen(s); msg != "" {
			return "the string " + msg
		}
	case Enum:
		s, ok := v.(string)
		if !ok || !slices.Contains(k.Values, s) {
			return fmt.Sprintf("expected one of %s, got %s", strings.Join(k.Values, ", "), describe(v))
		}
	case Strings:
		return checkList(v, "strings", func(e any) string {
			s, ok := e.(string)
			if !ok {
				return "is " + describe(e)
			}
			return k.checkLen(s)
		})
	case Object:
		m, ok := v.(map[string]any)
		if !ok {
			return "expected an object, got " + describe(v)
		}
		return k.checkMembers(m)
	case Objects:
		return checkList(v, "objects", func(e any) string {
			m, ok := e.(map[string]any)
			if !ok {
				return "is " + describe(e)
			}
			return k.checkMembers(m)
		})
	}
	return ""
}

// checkNumber checks an Int or Float value.
func (k Key) checkNumber(v any) string {
	n, ok := v.(float64)
	if !ok {
		return fmt.Sprintf("expected %s, got %s", article(k.Kind.String()), describe(v))
	}
	if msg := finite(n); msg != "" {
		return msg
	}
	if k.Kind == Int && n != math.Trunc(n) {
		return "expected a whole number, got " + describe(v)
	}
	if n < k.Min || n > k.Max {
		return fmt.Sprintf("%s is out of range [%s, %s]", describe(v), num(k.Min), num(k.Max))
	}
	return ""
}

// checkMembers bounds an object's size and runs the key's own check.
func (k Key) checkMembers(m map[string]any) string {
	if len(m) > MaxItems {
		return fmt.Sprintf("an object of %d members is more than %d", len(m), MaxItems)
	}
	if k.Members != nil {
		return k.Members(m)
	}
	return ""
}

// checkList checks a list and each item (bad returns "" for a good one).
func checkList(v any, what string, bad func(any) string) string {
	list, isList := v.([]any)
	if !isList {
		return "expected an array of " + what + ", got " + describe(v)
	}
	if len(list) > MaxItems {
		return fmt.Sprintf("an array of %d items is more than %d", len(list), MaxItems)
	}
	for i, e := range list {
		if msg := bad(e); msg != "" {
			return fmt.Sprintf("expected an array of %s, item %d %s", what, i, msg)
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
