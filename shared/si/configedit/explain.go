package configedit

import (
	"fmt"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/session-intelligence/session-intelligence/shared/core/config"
)

// Explain describes one key: what it does, the values it takes, its
// default, the environment variable that overrides it and the current
// value with its source. where names the files for the sources.
func Explain(r Row, where map[string]string) string {
	k := r.Key
	var b strings.Builder
	fmt.Fprintf(&b, "%s", k.Path)
	if k.Label != "" {
		fmt.Fprintf(&b, " (%q in si config)", k.Label)
	}
	fmt.Fprintf(&b, "\n  %s\n", k.Doc)
	typ := Expects(k)
	if k.Kind == config.Int && k.Max >= 100_000 {
		typ += " (250k and 1.5m work)"
	}
	fmt.Fprintf(&b, "  type:     %s\n", typ)
	fmt.Fprintf(&b, "  default:  %s\n", config.Format(r.Default))
	if k.Env != "" {
		fmt.Fprintf(&b, "  env:      %s (wins over the files)\n", k.Env)
	}
	cur := config.Format(r.Value) + " (" + r.Source
	switch {
	case r.Source == FromEnv:
		cur += " " + r.EnvVar
	case where[r.Source] != "":
		cur += " " + where[r.Source]
	}
	fmt.Fprintf(&b, "  current:  %s)\n", cur)
	fmt.Fprintf(&b, "  change:   si set %s VALUE   ·   si reset %s\n", k.Path, k.Path)
	if k.Path == "statusline.fields" || k.Path == "statusline.preset" {
		b.WriteString(fieldGlossary())
	}
	return b.String()
}

// fieldGlossary lists the status line's fields with an example and what
// it means, so the bar's prefixes (c$, s$, b:, r:, c…) can be decoded.
func fieldGlossary() string {
	var b strings.Builder
	b.WriteString("  fields:\n")
	tw := tabwriter.NewWriter(&b, 0, 0, 2, ' ', 0)
	for _, f := range config.StatuslineFields {
		fmt.Fprintf(tw, "    %s\t%s\t%s\n", f.Name, f.Example, f.Meaning)
	}
	tw.Flush()
	return b.String()
}

// Expects says in words what a key accepts: "an integer from 1 to 10000".
func Expects(k config.Key) string {
	switch k.Kind {
	case config.Bool:
		return "true or false"
	case config.Int:
		return fmt.Sprintf("an integer from %s to %s", num(k.Min), num(k.Max))
	case config.Float:
		return fmt.Sprintf("a number from %s to %s", num(k.Min), num(k.Max))
	case config.Enum:
		return "one of " + strings.Join(k.Values, ", ")
	case config.Strings:
		return `a list of strings: ["a","b"] or a,b`
	case config.Object:
		return "a JSON object"
	case config.Objects:
		return "a JSON array of objects"
	}
	return "a string"
}

// num writes a bound without a fraction when it has none.
func num(f float64) string { return strconv.FormatFloat(f, 'f', -1, 64) }
