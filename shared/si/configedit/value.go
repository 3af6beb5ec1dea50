package configedit

import (
	"errors"
	"regexp"
	"strconv"
	"strings"

	"github.com/session-intelligence/session-intelligence/shared/core/config"
	"github.com/session-intelligence/session-intelligence/shared/core/jsonx"
)

// MaxValue caps a value typed on the command line or in the form.
const MaxValue = 64 << 10

// suffixed matches 250k, 1.5m, 2M: thousands and millions.
var suffixed = regexp.MustCompile(`^([0-9]+(?:\.[0-9]+)?)([kKmM])$`)

// Parse turns what the user typed into the JSON value the key takes and
// validates it against the key. Accepted: true/false for booleans, Nk/Nm
// or a number for numbers, a bare word or a JSON string for strings (an
// enum value in any case), a JSON array or a comma-separated list for
// string lists, and JSON for anything. The error says what the key
// expects.
func Parse(k config.Key, raw string) (any, error) {
	if len(raw) > MaxValue {
		return nil, errors.New("value longer than 64 KB")
	}
	v := guess(k, raw)
	if msg := k.Check(v); msg != "" {
		return nil, errors.New(msg)
	}
	return v, nil
}

// guess decodes raw by the key's kind; text that fits nothing stays a
// string so that Check can name it in its message.
func guess(k config.Key, raw string) any {
	trimmed := strings.TrimSpace(raw)
	switch k.Kind {
	case config.String:
		var s string
		if jsonx.Unmarshal([]byte(trimmed), &s) == nil {
			return s
		}
		return raw // a bare word; spaces are kept (separators need them)
	case config.Enum:
		var s string
		if jsonx.Unmarshal([]byte(trimmed), &s) != nil {
			s = trimmed
		}
		for _, v := range k.Values {
			if strings.EqualFold(v, s) {
				return v
			}
		}
		return s
	case config.Bool:
		switch strings.ToLower(trimmed) {
		case "true":
			return true
		case "false":
			return false
		}
	case config.Int, config.Float:
		if m := suffixed.FindStringSubmatch(trimmed); m != nil {
			exp := "e6"
			if strings.EqualFold(m[2], "k") {
				exp = "e3"
			}
			n, _ := strconv.ParseFloat(m[1]+exp, 64) // exact: 0.1k is 100, not 100.00000000000001
			return n
		}
	case config.Strings:
		if trimmed == "" || trimmed[0] != '[' {
			return splitList(trimmed)
		}
	}
	var v any
	if jsonx.Unmarshal([]byte(trimmed), &v) == nil {
		return v
	}
	return trimmed
}

// splitList reads "a, b,c" as ["a","b","c"], like the env variables.
func splitList(s string) []any {
	list := []any{}
	for _, item := range strings.Split(s, ",") {
		if item = strings.TrimSpace(item); item != "" {
			list = append(list, item)
		}
	}
	return list
}
