// Package templates embeds the files the SessionStart bootstrap seeds
// into a user's setup: the unified configuration, the per-project
// session-context.md and the session-discipline rules managed inside a
// project's CLAUDE.md. Keeping them as plain files next to the code lets
// them be read and reviewed as what the user will get, while the binary
// still carries them (hooks run without the source tree).
package templates

import (
	"embed"
	"slices"
)

// File names inside [FS].
const (
	ConfigName         = "session-intelligence.json"
	SessionContextName = "session-context.md"
	RulesName          = "claude-md-rules.md"
)

// FS holds the three template files, by the names above.
//
//go:embed session-intelligence.json session-context.md claude-md-rules.md
var FS embed.FS

// Embedded once more as byte slices so the accessors below cost a copy,
// not a lookup in FS; the copy keeps callers from changing the originals.
var (
	//go:embed session-intelligence.json
	configJSON []byte
	//go:embed session-context.md
	sessionContext []byte
	//go:embed claude-md-rules.md
	rules []byte
)

// Config returns the configuration seeded as
// ~/.claude/session-intelligence.json on first run: a readable subset of
// the built-in defaults, with notes in keys starting with "_" (which the
// loader ignores).
func Config() []byte { return slices.Clone(configJSON) }

// SessionContext returns the session-context.md seeded into a project's
// directory under ~/.claude/projects: the sections the compaction hooks
// read, each with placeholder lines and a short HTML-comment guide.
func SessionContext() []byte { return slices.Clone(sessionContext) }

// Rules returns the session-discipline text placed between the managed
// markers of a project's CLAUDE.md (the markers themselves are not part
// of it).
func Rules() []byte { return slices.Clone(rules) }
