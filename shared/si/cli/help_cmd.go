package cli

import (
	"io"

	"github.com/session-intelligence/session-intelligence/shared/core/refdoc"
)

// HelpCmd is `si help [TOPIC]`: a page of the reference, from the binary.
type HelpCmd struct {
	Topic []string `arg:"" optional:"" help:"The page (si help lists them): hooks, compaction, configuration …"`
}

// Run prints the page, or the list of pages.
func (c *HelpCmd) Run(d *deps) error {
	text, err := refdoc.Help(d.Docs, "si", c.Topic)
	if err != nil {
		return err
	}
	_, err = io.WriteString(d.Stdout, text)
	return err
}
