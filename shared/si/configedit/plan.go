package configedit

import (
	"bytes"
	"errors"
	"fmt"
	"strings"

	"github.com/session-intelligence/session-intelligence/shared/cc/settingsjson"
	"github.com/session-intelligence/session-intelligence/shared/core/config"
	"github.com/session-intelligence/session-intelligence/shared/core/jsonx"
)

// Change is one planned edit of session-intelligence.json.
type Change struct {
	Path  string // dotted key or section; "*" with Reset means every section
	Value any    // the new value (decoded JSON); unused by Reset
	Reset bool   // remove the member so the default applies again
}

// Apply returns doc with the changes made in order. Only the bytes of
// the members changed move; the user's order, layout and comments-by-key
// ("_note") stay. A reset that empties an object removes the object too.
func Apply(doc []byte, changes []Change) ([]byte, error) {
	var err error
	for _, c := range changes {
		switch {
		case c.Reset && c.Path == "*":
			doc, err = resetAll(doc)
		case c.Reset:
			doc, err = reset(doc, c.Path)
		default:
			doc, err = settingsjson.Set(doc, c.Value, strings.Split(c.Path, ".")...)
			if errors.Is(err, settingsjson.ErrNotObject) {
				err = fmt.Errorf("%s: cannot set it: %w", c.Path, err)
			}
		}
		if err != nil {
			return nil, err
		}
	}
	return doc, nil
}

// Resets plans a reset of a key, a section or "*" (everything).
func Resets(target string) ([]Change, error) {
	if target == "*" || isKeyPath(target) || IsSection(target) {
		return []Change{{Path: target, Reset: true}}, nil
	}
	return nil, unknown(target)
}

// Affected lists the keys a change touches.
func Affected(c Change) []string {
	switch {
	case c.Path == "*":
		all := make([]string, len(config.Keys))
		for i, k := range config.Keys {
			all[i] = k.Path
		}
		return all
	case isKeyPath(c.Path):
		return []string{c.Path}
	}
	return SectionKeys(c.Path)
}

func isKeyPath(path string) bool { _, ok := config.Lookup(path); return ok }

// reset deletes path (and its older alias) and then every object on the
// way up that the deletion left empty.
func reset(doc []byte, path string) ([]byte, error) {
	paths := [][]string{strings.Split(path, ".")}
	if rest, ok := strings.CutPrefix(path, "learning"); ok && (rest == "" || rest[0] == '.') {
		paths = append(paths, strings.Split("learn"+rest, ".")) // older name, still read
	}
	for _, parts := range paths {
		if _, ok := settingsjson.Get(doc, parts...); !ok {
			continue
		}
		next, err := settingsjson.Delete(doc, parts...)
		if err != nil {
			return nil, err
		}
		doc = next
		for i := len(parts) - 1; i > 0; i-- {
			raw, ok := settingsjson.Get(doc, parts[:i]...)
			if !ok || !emptyObject(raw) {
				break
			}
			if doc, err = settingsjson.Delete(doc, parts[:i]...); err != nil {
				return nil, err
			}
		}
	}
	return doc, nil
}

// resetAll deletes every top-level member except "_"-prefixed notes.
func resetAll(doc []byte) ([]byte, error) {
	raw, ok := settingsjson.Get(doc)
	if !ok {
		return doc, nil
	}
	var top map[string]jsonx.RawMessage
	if err := jsonx.Unmarshal(raw, &top); err != nil {
		return nil, err
	}
	var err error
	for name := range top {
		if strings.HasPrefix(name, "_") {
			continue
		}
		if doc, err = settingsjson.Delete(doc, name); err != nil {
			return nil, err
		}
	}
	return doc, nil
}

func emptyObject(raw []byte) bool {
	t := bytes.TrimSpace(raw)
	return len(t) >= 2 && t[0] == '{' && len(bytes.TrimSpace(t[1:len(t)-1])) == 0
}
