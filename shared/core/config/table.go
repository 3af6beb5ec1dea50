package config

import (
	"fmt"
	"strings"

	"github.com/session-intelligence/session-intelligence/shared/core/jsonx"
)

// Value returns the value at a dotted path of cfg as decoded JSON.
func Value(cfg Config, path string) (any, bool) {
	data, err := jsonx.Marshal(cfg)
	if err != nil {
		return nil, false
	}
	var node any
	if jsonx.Unmarshal(data, &node) != nil {
		return nil, false
	}
	for _, part := range strings.Split(path, ".") {
		m, ok := node.(map[string]any)
		if !ok {
			return nil, false
		}
		if node, ok = m[part]; !ok {
			return nil, false
		}
	}
	return node, true
}

// Format renders a value as it is written in the config file.
func Format(v any) string {
	data, err := jsonx.Marshal(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	return string(data)
}

// MarkdownTable renders [Keys] as the configuration table of docs/configuration.md.
func MarkdownTable() string {
	def := Default()
	var b strings.Builder
	b.WriteString("| key | type | default | env | meaning |\n|---|---|---|---|---|\n")
	for _, k := range Keys {
		v, _ := Value(def, k.Path)
		typ := k.Kind.String()
		if k.Kind == Enum {
			typ = strings.Join(k.Values, " \\| ")
		}
		env := ""
		if k.Env != "" {
			env = "`" + k.Env + "`"
		}
		doc := strings.ReplaceAll(k.Doc, "|", "\\|")
		fmt.Fprintf(&b, "| `%s` | %s | `%s` | %s | %s |\n", k.Path, typ, Format(v), env, doc)
	}
	return b.String()
}
