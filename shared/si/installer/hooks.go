package installer

import (
	"bytes"
	"fmt"
	"path/filepath"
	"reflect"
	"slices"
	"strings"

	"github.com/session-intelligence/session-intelligence/shared/cc/hookio"
	"github.com/session-intelligence/session-intelligence/shared/cc/settingsjson"
	"github.com/session-intelligence/session-intelligence/shared/core/fsutil"
	"github.com/session-intelligence/session-intelligence/shared/core/jsonx"
)

// rootPlaceholder is how hooks.json names the plugin's directory.
const rootPlaceholder = "${CLAUDE_PLUGIN_ROOT}"

// eventGroups is one event's matcher groups, as JSON.
type eventGroups struct {
	Event  string
	Groups []jsonx.RawMessage
}

// wantedHooks reads the plugin's hooks/hooks.json and points every
// command at the installed binaries in bin. The groups are kept as
// written (every field, in order), only the placeholder changes.
func wantedHooks(pluginDir, bin string) ([]eventGroups, error) {
	path := filepath.Join(pluginDir, "hooks", "hooks.json")
	data, err := fsutil.ReadCapped(path, 1<<20)
	if err != nil {
		return nil, fmt.Errorf("plugin hooks: %w", err)
	}
	var file struct {
		Hooks jsonx.RawMessage `json:"hooks"`
	}
	if err := jsonx.Unmarshal(data, &file); err != nil {
		return nil, fmt.Errorf("plugin hooks %s: %w", path, err)
	}
	events, err := orderedMembers(file.Hooks)
	if err != nil {
		return nil, fmt.Errorf("plugin hooks %s: hooks: %w", path, err)
	}
	var out []eventGroups
	for _, ev := range events {
		var groups []jsonx.RawMessage
		if err := jsonx.Unmarshal(ev.value, &groups); err != nil {
			return nil, fmt.Errorf("plugin hooks %s: hooks.%s: %w", path, ev.key, err)
		}
		for i, g := range groups {
			text := strings.ReplaceAll(string(g), rootPlaceholder+"/bin/", commandPath(bin)+"/")
			if strings.Contains(text, rootPlaceholder) {
				return nil, fmt.Errorf("plugin hooks %s: hooks.%s: a command uses %s outside bin/", path, ev.key, rootPlaceholder)
			}
			groups[i] = compact(jsonx.RawMessage(text))
		}
		out = append(out, eventGroups{Event: ev.key, Groups: groups})
	}
	return out, nil
}

// member is one key and value of a JSON object.
type member struct {
	key   string
	value jsonx.RawMessage
}

// orderedMembers lists an object's members in the order written.
func orderedMembers(obj jsonx.RawMessage) ([]member, error) {
	dec := jsonx.NewDecoder(bytes.NewReader(obj))
	if tok, err := dec.Token(); err != nil || tok != jsonx.Delim('{') {
		return nil, fmt.Errorf("expected an object")
	}
	var out []member
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return nil, err
		}
		var v jsonx.RawMessage
		if err := dec.Decode(&v); err != nil {
			return nil, err
		}
		out = append(out, member{key: tok.(string), value: v})
	}
	return out, nil
}

// addHooks returns doc with want registered: in each event, our earlier
// groups are dropped and want's appended after the user's own. Events
// that only ever held our groups and are no longer wanted lose them too.
// An event already as wanted is not touched.
func addHooks(doc []byte, want []eventGroups, bin string) ([]byte, error) {
	events, err := eventsIn(doc)
	if err != nil {
		return nil, err
	}
	wanted := map[string][]jsonx.RawMessage{}
	for _, w := range want {
		wanted[w.Event] = w.Groups
		if !slices.Contains(events, w.Event) {
			events = append(events, w.Event)
		}
	}
	for _, ev := range events {
		cur, err := groupsOf(doc, ev)
		if err != nil {
			return nil, err
		}
		next := append(notOurs(cur, bin), wanted[ev]...)
		if doc, err = setGroups(doc, ev, cur, next); err != nil {
			return nil, err
		}
	}
	return doc, nil
}

// removeHooks returns doc without any group that runs a binary in bin,
// and, when what is left of "hooks" equals the value recorded before the
// first install, that value exactly as it was written (or no "hooks" at
// all when there was none).
func removeHooks(doc []byte, bin string, m Manifest) ([]byte, error) {
	events, err := eventsIn(doc)
	if err != nil {
		return nil, err
	}
	for _, ev := range events {
		cur, err := groupsOf(doc, ev)
		if err != nil {
			return nil, err
		}
		if doc, err = setGroups(doc, ev, cur, notOurs(cur, bin)); err != nil {
			return nil, err
		}
	}
	raw, ok := settingsjson.Get(doc, "hooks")
	switch {
	case !ok:
		return doc, nil
	case m.HadHooks && sameJSON(raw, []byte(m.HooksRaw)):
		return settingsjson.Set(doc, settingsjson.Verbatim(m.HooksRaw), "hooks")
	case !m.HadHooks && sameJSON(raw, []byte("{}")):
		return settingsjson.Delete(doc, "hooks")
	}
	return doc, nil
}

// setGroups writes an event's groups when they changed, deleting the
// event when none are left.
func setGroups(doc []byte, ev string, cur, next []jsonx.RawMessage) ([]byte, error) {
	if sameGroups(cur, next) {
		return doc, nil
	}
	if len(next) == 0 {
		return settingsjson.Delete(doc, "hooks", ev)
	}
	arr, err := jsonx.Marshal(next)
	if err != nil {
		return nil, err
	}
	return settingsjson.Set(doc, jsonx.RawMessage(arr), "hooks", ev)
}

// eventsIn lists the events of doc's "hooks", sorted; an error when
// "hooks" is there but not an object.
func eventsIn(doc []byte) ([]string, error) {
	raw, ok := settingsjson.Get(doc, "hooks")
	if !ok {
		return nil, nil
	}
	var hooks map[string]jsonx.RawMessage
	if err := jsonx.Unmarshal(raw, &hooks); err != nil || hooks == nil {
		return nil, fmt.Errorf("hooks: expected an object of events, found %s", kindOf(raw))
	}
	events := make([]string, 0, len(hooks))
	for ev := range hooks {
		events = append(events, ev)
	}
	slices.Sort(events)
	return events, nil
}

// groupsOf returns the matcher groups of one event (none when absent).
func groupsOf(doc []byte, ev string) ([]jsonx.RawMessage, error) {
	raw, ok := settingsjson.Get(doc, "hooks", ev)
	if !ok {
		return nil, nil
	}
	var groups []jsonx.RawMessage
	if err := jsonx.Unmarshal(raw, &groups); err != nil || groups == nil {
		return nil, fmt.Errorf("hooks.%s: expected an array of hook groups, found %s", ev, kindOf(raw))
	}
	for i := range groups {
		groups[i] = compact(groups[i])
	}
	return groups, nil
}

// notOurs keeps the groups that run nothing from bin.
func notOurs(groups []jsonx.RawMessage, bin string) []jsonx.RawMessage {
	out := make([]jsonx.RawMessage, 0, len(groups))
	for _, g := range groups {
		if !runsFrom(g, bin) {
			out = append(out, g)
		}
	}
	return out
}

// runsFrom reports whether a hook group has a command naming a binary in
// the directory bin.
func runsFrom(group jsonx.RawMessage, bin string) bool {
	return len(binariesRun(group, bin)) > 0
}

// binariesRun lists the names of the binaries in bin that a hook group's
// commands run.
func binariesRun(group jsonx.RawMessage, bin string) []string {
	var g struct {
		Hooks []struct {
			Command string `json:"command"`
		} `json:"hooks"`
	}
	if jsonx.Unmarshal(group, &g) != nil {
		return nil
	}
	var out []string
	for _, h := range g.Hooks {
		_, rest, ok := strings.Cut(h.Command, commandPath(bin)+"/")
		if !ok {
			continue
		}
		name, args := rest, ""
		if end := strings.IndexAny(rest, "\" ' "); end >= 0 {
			name, args = rest[:end], strings.TrimLeft(rest[end:], "\"' ")
		}
		out = append(out, name)
		if event, _, _ := strings.Cut(args, " "); name == hookio.Launcher && event != "" {
			out = append(out, "si-"+event) // the binary the launcher runs
		}
	}
	return out
}

func sameGroups(a, b []jsonx.RawMessage) bool {
	return slices.EqualFunc(a, b, func(x, y jsonx.RawMessage) bool { return bytes.Equal(x, y) })
}

// sameJSON compares two JSON texts as values.
func sameJSON(a, b []byte) bool {
	var va, vb any
	return jsonx.Unmarshal(a, &va) == nil && jsonx.Unmarshal(b, &vb) == nil && reflect.DeepEqual(va, vb)
}

func compact(raw jsonx.RawMessage) jsonx.RawMessage {
	var b bytes.Buffer
	if jsonx.Compact(&b, raw) != nil {
		return raw
	}
	return b.Bytes()
}

// kindOf names a JSON value's type for an error message.
func kindOf(raw jsonx.RawMessage) string {
	switch t := bytes.TrimSpace(raw); {
	case len(t) == 0:
		return "nothing"
	case t[0] == '{':
		return "an object"
	case t[0] == '[':
		return "an array"
	case t[0] == '"':
		return "a string"
	case t[0] == 't' || t[0] == 'f':
		return "a boolean"
	case t[0] == 'n':
		return "null"
	}
	return "a number"
}

// commandPath is a directory as a hook command names it: with forward
// slashes, which Git Bash (the shell Claude Code runs hooks in on
// Windows) accepts in C:/… paths and which need no escaping inside the
// JSON string; unchanged elsewhere.
func commandPath(dir string) string { return filepath.ToSlash(dir) }
