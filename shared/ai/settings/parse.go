package settings

import (
	"errors"
	"fmt"
	"io"
	"maps"
	"path/filepath"
	"slices"
	"strings"

	"github.com/BurntSushi/toml"
)

// ErrSettings marks every error about a settings file's content.
var ErrSettings = errors.New("bad settings")

// tables are the keys that hold tables; "agents.*" is any agent name.
var tables = map[string][]string{
	"":            {"project", "chat", "agent", "summariser", "memory", "agents"},
	"project":     {"id", "name"},
	"chat":        {"background"},
	"agent":       {"view"},
	"agent.view":  {"total", "latest", "recent", "single"},
	"summariser":  {"backend", "model", "background"},
	"memory":      {"entry-chars", "view"},
	"memory.view": {"lines"},
	"agents":      nil, // any agent name
	"agents.*":    {"instructions", "worktree"},
}

// setter applies one value; it returns the problem with the value.
type setter func(s *Settings, f layerFile, key string, v any) error

var leaves = map[string]setter{
	"project.id":            str(validID, func(s *Settings, f layerFile, key, v string) { s.Project.ID = v }),
	"project.name":          str(nonEmpty, func(s *Settings, f layerFile, key, v string) { s.Project.Name = v }),
	"chat.background":       boolean(func(s *Settings, v bool) { s.Chat.Background = v }),
	"agent.view.total":      whole(1, 10_000, func(s *Settings, v int) { s.AgentView.Total = v }),
	"agent.view.latest":     whole(0, 10_000, func(s *Settings, v int) { s.AgentView.Latest = v }),
	"agent.view.recent":     whole(0, 10_000, func(s *Settings, v int) { s.AgentView.Recent = v }),
	"agent.view.single":     whole(0, 10_000, func(s *Settings, v int) { s.AgentView.Single = v }),
	"summariser.backend":    str(validBackend, func(s *Settings, f layerFile, key, v string) { s.Summariser.Backend = v }),
	"summariser.model":      str(nonEmpty, func(s *Settings, f layerFile, key, v string) { s.Summariser.Model = v }),
	"summariser.background": boolean(func(s *Settings, v bool) { s.Summariser.Background = v }),
	"memory.entry-chars":    whole(1, 512, func(s *Settings, v int) { s.Memory.EntryChars = v }),
	"memory.view.lines":     whole(1, 100_000, func(s *Settings, v int) { s.Memory.ViewLines = v }),
	"agents.*.instructions": str(nonEmpty, addInstructions),
	"agents.*.worktree":     str(nonEmpty, setWorktree),
}

// Parse reads one settings file of layer kind from r onto the defaults;
// name is the file's path (relative paths in it are relative to its
// folder).
func Parse(r io.Reader, name string, kind Kind) (Settings, error) {
	s := Default()
	dir := filepath.Dir(name)
	err := s.apply(r, layerFile{path: name, kind: kind, base: dir, root: dir}, name)
	return s, err
}

// apply applies the settings file read from r (of layer f, shown to the
// user as name) onto s.
func (s *Settings) apply(r io.Reader, f layerFile, name string) error {
	data, err := io.ReadAll(io.LimitReader(r, maxFile+1))
	if err != nil {
		return fmt.Errorf("read %s: %w", name, err)
	}
	if len(data) > maxFile {
		return fmt.Errorf("%s: %w: over %d bytes", name, ErrSettings, maxFile)
	}
	if err := checkNesting(data); err != nil {
		return fmt.Errorf("%s: %w: %v", name, ErrSettings, err)
	}
	raw := map[string]any{}
	if _, err := toml.Decode(string(data), &raw); err != nil {
		return fmt.Errorf("%s: %w: %v", name, ErrSettings, err)
	}
	if _, ok := raw["project"]; ok && f.kind != ProjectFile {
		return fmt.Errorf("%s: %w: [project] belongs in a project's ai.toml", name, ErrSettings)
	}
	return s.walk(raw, "", f, name)
}

// walk applies the keys of one table, in order, so that the first
// problem reported is always the same one.
func (s *Settings) walk(table map[string]any, prefix string, f layerFile, name string) error {
	for _, k := range slices.Sorted(maps.Keys(table)) {
		v := table[k]
		key, schema := k, k
		if prefix != "" {
			key, schema = prefix+"."+k, schemaKey(prefix)+"."+k
		}
		if prefix == "agents" {
			schema = "agents.*"
			if !validAgentName(k) {
				return fmt.Errorf("%s: %w: %s: agent names are lowercase letters, digits and -", name, ErrSettings, key)
			}
		}
		if _, isTable := tables[schema]; isTable {
			sub, ok := v.(map[string]any)
			if !ok {
				return fmt.Errorf("%s: %w: %s: want a table ([%s])", name, ErrSettings, key, key)
			}
			if err := s.walk(sub, key, f, name); err != nil {
				return err
			}
			continue
		}
		set, known := leaves[schema]
		if !known {
			return fmt.Errorf("%s: %w: unknown key %s%s", name, ErrSettings, key, knownKeys(prefix))
		}
		if err := set(s, f, key, v); err != nil {
			return fmt.Errorf("%s: %w: %s: %v", name, ErrSettings, key, err)
		}
		s.Origin[key] = f.path
	}
	return nil
}

// schemaKey maps "agents.dev" to "agents.*".
func schemaKey(prefix string) string {
	if strings.HasPrefix(prefix, "agents.") {
		return "agents.*"
	}
	return prefix
}

// knownKeys lists the keys a table takes, for the unknown-key error.
func knownKeys(prefix string) string {
	keys := tables[schemaKey(prefix)]
	if prefix == "agents" || len(keys) == 0 {
		return ""
	}
	return " (" + describe(prefix) + " takes " + strings.Join(keys, ", ") + ")"
}

func describe(prefix string) string {
	if prefix == "" {
		return "the file"
	}
	return "[" + prefix + "]"
}

// validAgentName: lowercase letters, digits and "-", not first, at most
// 64 characters.
func validAgentName(s string) bool {
	if s == "" || len(s) > 64 || s[0] == '-' {
		return false
	}
	for _, c := range s {
		if !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-') {
			return false
		}
	}
	return true
}

// crockford is the TypeID alphabet: lowercase base32 without i, l, o, u.
const crockford = "0123456789abcdefghjkmnpqrstvwxyz"

// validTypeID: "project_" and a 26-character TypeID suffix.
func validTypeID(s string) bool {
	suffix, ok := strings.CutPrefix(s, "project_")
	if !ok || len(suffix) != 26 || suffix[0] > '7' {
		return false
	}
	for _, c := range suffix {
		if !strings.ContainsRune(crockford, c) {
			return false
		}
	}
	return true
}

func str(check func(string) error, set func(*Settings, layerFile, string, string)) setter {
	return func(s *Settings, f layerFile, key string, v any) error {
		text, ok := v.(string)
		if !ok {
			return fmt.Errorf("want a string, got %s", typeName(v))
		}
		if err := check(text); err != nil {
			return err
		}
		set(s, f, key, text)
		return nil
	}
}

func boolean(set func(*Settings, bool)) setter {
	return func(s *Settings, _ layerFile, _ string, v any) error {
		b, ok := v.(bool)
		if !ok {
			return fmt.Errorf("want true or false, got %s", typeName(v))
		}
		set(s, b)
		return nil
	}
}

func whole(lo, hi int64, set func(*Settings, int)) setter {
	return func(s *Settings, _ layerFile, _ string, v any) error {
		n, ok := v.(int64)
		if !ok {
			return fmt.Errorf("want a whole number from %d to %d, got %s", lo, hi, typeName(v))
		}
		if n < lo || n > hi {
			return fmt.Errorf("%d is out of range: want %d to %d", n, lo, hi)
		}
		set(s, int(n))
		return nil
	}
}

func typeName(v any) string {
	switch v.(type) {
	case string:
		return "a string"
	case int64:
		return "a whole number"
	case float64:
		return "a fraction"
	case bool:
		return "true/false"
	case []any, []map[string]any:
		return "an array"
	case map[string]any:
		return "a table"
	default:
		return "a date"
	}
}

func nonEmpty(v string) error {
	if strings.TrimSpace(v) == "" {
		return errors.New("empty")
	}
	return nil
}

func validBackend(v string) error {
	if v != "claude" {
		return fmt.Errorf("%q is not a summariser backend; the only one is \"claude\"", v)
	}
	return nil
}

func validID(v string) error {
	if !validTypeID(v) {
		return fmt.Errorf("%q is not a project id (project_ and 26 characters; ai init writes it)", v)
	}
	return nil
}

// addInstructions appends an agent's instructions file, relative to the
// folder of the file that names it.
func addInstructions(s *Settings, f layerFile, key, v string) {
	name := agentOf(key)
	a := s.Agents[name]
	if !filepath.IsAbs(v) {
		v = filepath.Join(f.base, v)
	}
	a.Instructions = append(a.Instructions, v)
	s.Agents[name] = a
}

// setWorktree sets an agent's worktree, relative to the project's root.
func setWorktree(s *Settings, f layerFile, key, v string) {
	name := agentOf(key)
	a := s.Agents[name]
	if !filepath.IsAbs(v) && f.root != "" {
		v = filepath.Join(f.root, v)
	}
	a.Worktree = v
	s.Agents[name] = a
}

// agentOf reads NAME from "agents.NAME.KEY".
func agentOf(key string) string {
	return strings.Split(key, ".")[1]
}
