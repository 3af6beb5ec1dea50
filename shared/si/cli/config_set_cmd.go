package cli

import (
	"fmt"
	"strings"

	"github.com/session-intelligence/session-intelligence/shared/core/config"
	"github.com/session-intelligence/session-intelligence/shared/si/configedit"
)

// SetCmd is `si set KEY VALUE [--yes]`.
type SetCmd struct {
	Key   string `arg:"" predictor:"key" help:"Dotted key, e.g. compact.threshold (si show lists them)."`
	Value string `arg:"" help:"true/false, a number (250k, 1.5m), a word, or JSON (put -- before a value that starts with -)."`
	Yes   bool   `short:"y" help:"Write the change; without it only the diff is printed."`
}

// ResetCmd is `si reset KEY|SECTION|* [--yes]`.
type ResetCmd struct {
	Target string `arg:"" predictor:"section" help:"A dotted key, a section (taskChange) or * for everything."`
	Yes    bool   `short:"y" help:"Write the change; without it only the diff is printed."`
}

// Run checks the key and the value, then previews or writes.
func (c *SetCmd) Run(d *deps) error {
	k, err := configedit.Resolve(c.Key)
	if err != nil {
		return fmt.Errorf("%s: %w", d.Dirs.Config(), err)
	}
	v, err := configedit.Parse(k, c.Value)
	if err != nil {
		return fmt.Errorf("%s: %s: %w%s; nothing was changed", d.Dirs.Config(), k.Path, err, takes(k, err))
	}
	changes := []configedit.Change{{Path: k.Path, Value: v}}
	_, err = applyEdit(d, c.Yes, configEdit{keys: []string{k.Path}, plan: func(doc []byte) ([]byte, error) {
		return configedit.Apply(doc, changes)
	}})
	return err
}

// Run removes the target from the file so its defaults apply again.
func (c *ResetCmd) Run(d *deps) error {
	changes, err := configedit.Resets(c.Target)
	if err != nil {
		return fmt.Errorf("%s: %w", d.Dirs.Config(), err)
	}
	_, err = applyEdit(d, c.Yes, configEdit{keys: configedit.Affected(changes[0]), plan: func(doc []byte) ([]byte, error) {
		return configedit.Apply(doc, changes)
	}})
	return err
}

// takes adds what the key accepts when the checker's message does not
// already say it.
func takes(k config.Key, err error) string {
	if k.Kind == config.Bool || k.Kind == config.Enum || strings.Contains(err.Error(), "out of range") {
		return ""
	}
	return " (it takes " + configedit.Expects(k) + ")"
}
