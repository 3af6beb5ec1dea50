package cli

import (
	"fmt"
	"text/tabwriter"

	"github.com/session-intelligence/session-intelligence/shared/ai/memory"
	"github.com/session-intelligence/session-intelligence/shared/ai/pager"
)

// MemoryConfigCmd is `ai memory config`.
type MemoryConfigCmd struct{}

// Run prints the sizes in effect and the file each comes from.
func (c *MemoryConfigCmd) Run(d *deps) error {
	s := d.Settings
	where := func(key string) string {
		if f, ok := s.Origin[key]; ok {
			return d.pretty(f)
		}
		return "default"
	}
	store := "default"
	if d.Getenv("AI_MEMORY_DIR") != "" {
		store = "AI_MEMORY_DIR"
	}
	tw := tabwriter.NewWriter(d.Stdout, 0, 0, 2, ' ', 0)
	fmt.Fprintf(tw, "store\t%s\t(%s)\n", d.pretty(d.memoryDir()), store)
	fmt.Fprintf(tw, "memory.entry-chars\t%d\tthe length a note aims for (%s)\n", s.Memory.EntryChars, where("memory.entry-chars"))
	fmt.Fprintf(tw, "accepted\t%d\tthe longest note accepted: entry-chars + %d\n", s.Memory.EntryChars+memory.ExtraChars, memory.ExtraChars)
	fmt.Fprintf(tw, "summary\t%d\tthe longest summary a fold keeps\n", memory.SummaryChars)
	fmt.Fprintf(tw, "memory.view.lines\t%d\tlines of ai memory view (%s)\n", s.Memory.ViewLines, where("memory.view.lines"))
	fmt.Fprintf(tw, "page\t%d\tbytes in one part of a piped view\n", pager.PartBytes)
	fmt.Fprintf(tw, "summariser\t%s\tmodel %s (%s)\n", s.Summariser.Backend, s.Summariser.Model, where("summariser.model"))
	if err := tw.Flush(); err != nil {
		return err
	}
	for _, f := range s.Files {
		fmt.Fprintf(d.Stdout, "settings: %s\n", d.pretty(f))
	}
	return nil
}
