package bootstrap

import (
	"bytes"
	"os"
	"path/filepath"

	"github.com/session-intelligence/session-intelligence/shared/core/config"
	"github.com/session-intelligence/session-intelligence/shared/core/paths"
)

// Place is where the session rules go for one project.
type Place struct {
	Where string // config.RulesClaudeMd, RulesContext or RulesOff
	// Checkout is set when the setting said claude-md but the project is
	// the plugin's own checkout, whose rules go to the start context.
	Checkout bool
}

// PlaceFor is where the rules go for a session in cwd under setting (the
// value of continue.rules): the setting, except in a checkout of the
// plugin itself. The Quick start runs its first session there, and a
// CLAUDE.md created or changed in it would leave the user's clone dirty,
// so the rules come with the start context instead.
func PlaceFor(setting string, dirs paths.Dirs, cwd string) Place {
	if setting != config.RulesClaudeMd {
		return Place{Where: setting}
	}
	if root, ok := claudeRoot(dirs, cwd); ok && isPluginCheckout(root) {
		return Place{Where: config.RulesContext, Checkout: true}
	}
	return Place{Where: setting}
}

// checkoutMark is a file only a checkout of this project holds: the
// plugin's manifest in the marketplace folder install.sh registers.
var checkoutMark = filepath.Join("plugin", "plugins", "session-intelligence", ".claude-plugin", "plugin.json")

func isPluginCheckout(root string) bool {
	fi, err := os.Stat(filepath.Join(root, checkoutMark))
	return err == nil && fi.Mode().IsRegular()
}

// ContextRules is the rules as a session's start context carries them:
// said to come from the plugin's settings, without the CLAUDE.md block's
// note about editing it. "" for rules that cannot be used.
func ContextRules(rules []byte) string {
	body, err := ruleBody(rules)
	if err != nil {
		return ""
	}
	var b bytes.Buffer
	b.WriteString("The session-intelligence plugin gives every session these rules (its setting continue.rules = context; no file of the repository holds them):\n\n")
	for line := range bytes.Lines(body) {
		if t := bytes.TrimSpace(line); bytes.HasPrefix(t, []byte("<!--")) && bytes.HasSuffix(t, []byte("-->")) {
			continue
		}
		b.Write(line)
	}
	return b.String()
}

// BlockLines is how many lines the block made of rules takes in a
// CLAUDE.md, its markers included, for telling the user.
func BlockLines(rules []byte) int {
	body, err := ruleBody(rules)
	if err != nil {
		return 0
	}
	return bytes.Count(block(body, "\n"), []byte("\n"))
}

// OnlyOurBlock reports whether a CLAUDE.md differs from its committed
// text (head; empty when the file is untracked) by nothing but the rules
// block the bootstrap keeps in it: the block, the blank line after a
// block it prepended, or a change inside a block head already held. Such
// a file is not the user's work in flight.
func OnlyOurBlock(head, work []byte) bool {
	rest, ok := cutOurBlock(work)
	if !ok {
		return false
	}
	if prev, had := cutOurBlock(head); had {
		head = prev
	}
	return bytes.Equal(rest, head) || len(head) == 0 && len(bytes.TrimSpace(rest)) == 0
}

// cutOurBlock is data without its one well-formed block (and the blank
// line after a block that opens the file); false when there is none.
func cutOurBlock(data []byte) ([]byte, bool) {
	m := scanMarkers(data)
	if m.problem() != "" || len(m.begins) != 1 {
		return nil, false
	}
	return withoutBlock(data, m, true), true
}
