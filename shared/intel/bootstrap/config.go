package bootstrap

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"

	"github.com/session-intelligence/session-intelligence/shared/core/jsonx"
	"github.com/session-intelligence/session-intelligence/shared/core/paths"
	"github.com/session-intelligence/session-intelligence/templates"
)

// SeedConfig writes the configuration template to
// ~/.claude/session-intelligence.json when no file (or symlink) exists
// there, and never touches an existing one. The file is created 0600,
// atomically and exclusively, so two sessions starting at once cannot
// both write it. seeded reports whether it was written.
//
// When the legacy statusline-intel.json exists, the template's
// "statusline" section is left out: the unified file wins over the
// legacy one, so seeding defaults there would silently undo the user's
// status-line settings.
func SeedConfig(dirs paths.Dirs) (seeded bool, err error) {
	if dirs.Claude == "" {
		return false, errors.New("seed config: no claude directory")
	}
	if _, err := os.Lstat(dirs.Config()); err == nil {
		return false, nil // the common case, settled with one stat
	}
	data := templates.Config()
	if _, err := os.Stat(dirs.LegacyConfig()); err == nil {
		if data, err = withoutKey(data, "statusline"); err != nil {
			return false, fmt.Errorf("seed config: %w", err)
		}
	} else if !errors.Is(err, fs.ErrNotExist) {
		return false, fmt.Errorf("seed config: %w", err)
	}
	if err := os.MkdirAll(dirs.Claude, 0o700); err != nil {
		return false, fmt.Errorf("seed config: %w", err)
	}
	return createExclusive(dirs.Config(), data, 0o600)
}

// withoutKey removes one top-level key from a JSON object, keeping the
// other members in their order and with their layout (each value is
// copied byte for byte), so the seeded file stays as readable as the
// template.
func withoutKey(doc []byte, drop string) ([]byte, error) {
	dec := jsonx.NewDecoder(bytes.NewReader(doc))
	if tok, err := dec.Token(); err != nil || tok != jsonx.Delim('{') {
		return nil, errors.New("template is not a JSON object")
	}
	var out bytes.Buffer
	out.WriteString("{\n")
	first := true
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return nil, fmt.Errorf("template: %w", err)
		}
		key, _ := tok.(string)
		var val jsonx.RawMessage
		if err := dec.Decode(&val); err != nil {
			return nil, fmt.Errorf("template: %w", err)
		}
		if key == drop {
			continue
		}
		if !first {
			out.WriteString(",\n")
		}
		first = false
		name, _ := jsonx.Marshal(key)
		fmt.Fprintf(&out, "  %s: %s", name, val)
	}
	out.WriteString("\n}\n")
	return out.Bytes(), nil
}
