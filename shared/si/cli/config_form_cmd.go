package cli

import (
	"fmt"
	"io"
	"strings"

	"github.com/session-intelligence/session-intelligence/shared/si/configedit"
)

// ConfigCmd is `si config [--apply REPLY|-] [--yes]`: the show-all form,
// and the reply to it.
type ConfigCmd struct {
	Apply string `placeholder:"REPLY" help:"The reply to the form: lines of label-or-key = value, NONE or QUIT; - reads it from stdin."`
	Yes   bool   `short:"y" help:"Write the change; without it only the diff is printed."`
}

// Run prints the form, or turns a reply into one diff and one write.
func (c *ConfigCmd) Run(d *deps) error {
	if c.Apply == "" {
		rows, err := effectiveRows(d)
		if err != nil {
			return err
		}
		fmt.Fprint(d.Stdout, configedit.Form(rows, d.Dirs.Config()))
		warnProblems(d)
		return nil
	}
	text := c.Apply
	if text == "-" {
		data, err := io.ReadAll(io.LimitReader(d.Stdin, configedit.MaxReply+1))
		if err != nil {
			return fmt.Errorf("read reply: %w", err)
		}
		text = string(data)
	}
	rep, err := configedit.ParseReply(text)
	if err != nil {
		return fmt.Errorf("%s: reply not applied, nothing was changed:\n%w", d.Dirs.Config(), indent(err))
	}
	switch {
	case rep.Quit:
		fmt.Fprintln(d.Stdout, "Aborted: nothing was changed.")
		return nil
	case rep.None || len(rep.Changes) == 0:
		fmt.Fprintln(d.Stdout, "Nothing to change.")
		return nil
	}
	var keys []string
	for _, ch := range rep.Changes {
		keys = append(keys, ch.Path)
	}
	_, err = applyEdit(d, c.Yes, configEdit{keys: keys, plan: func(doc []byte) ([]byte, error) {
		return configedit.Apply(doc, rep.Changes)
	}})
	return err
}

// indent puts each line of a joined error under the heading.
func indent(err error) error {
	return fmt.Errorf("  %s", strings.ReplaceAll(err.Error(), "\n", "\n  "))
}
