package thread

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/session-intelligence/session-intelligence/shared/core/fsutil"
	"github.com/session-intelligence/session-intelligence/shared/core/paths"
	"github.com/session-intelligence/session-intelligence/shared/core/segfile"
)

// Errors callers check with errors.Is.
var (
	// ErrNoAgent: no agent of that name was made here.
	ErrNoAgent = errors.New("no such agent")
	// ErrExists: the agent already exists.
	ErrExists = errors.New("agent exists")
	// ErrBadName: not an agent name.
	ErrBadName = errors.New("bad agent name")
	// ErrNewer: the thread was written by a newer program.
	ErrNewer = errors.New("thread written by a newer ai")
)

// Agent is one agent's thread in the private store at Root.
type Agent struct {
	Root, Name string
}

// ValidName: lowercase letters, digits and "-", not first, at most 64.
func ValidName(s string) error {
	ok := s != "" && len(s) <= 64 && s[0] != '-'
	for _, c := range s {
		ok = ok && (c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-')
	}
	if !ok {
		return fmt.Errorf("%w %q: use lowercase letters, digits and -, at most 64, not starting with -", ErrBadName, s)
	}
	return nil
}

// Dir is the thread's directory.
func (a Agent) Dir() string { return filepath.Join(a.Root, "agents", a.Name) }

// LogPath is the background summariser's log, beside the thread.
func (a Agent) LogPath() string { return filepath.Join(a.Root, "agents", a.Name+".log") }

// LockDir holds the summariser's lock files (ignored by the store).
func (a Agent) LockDir() string { return filepath.Join(a.Root, "agents") }

func (a Agent) records() segfile.File {
	return segfile.File{Dir: filepath.Join(a.Dir(), "records.jsonl")}
}

func (a Agent) summaries() segfile.File {
	return segfile.File{Dir: filepath.Join(a.Dir(), "summaries.jsonl")}
}

func (a Agent) sessionDir(sid string) string { return filepath.Join(a.Dir(), "sessions", sid) }

// Copy is the byte-for-byte copy of a session's transcript.
func (a Agent) Copy(sid string) segfile.File {
	return segfile.File{Dir: filepath.Join(a.sessionDir(sid), "transcript.jsonl")}
}

// CompanionCopy is the copy of a companion file, by its path relative to
// the session's companion directory.
func (a Agent) CompanionCopy(sid, rel string) segfile.File {
	return segfile.File{Dir: filepath.Join(a.sessionDir(sid), "files", filepath.FromSlash(rel))}
}

// Exists reports whether the agent was made.
func (a Agent) Exists() bool {
	_, err := os.Stat(filepath.Join(a.records().Dir, "000000"))
	return err == nil
}

// Open returns the agent, or ErrNoAgent naming the agents there are.
func Open(root, name string) (Agent, error) {
	if err := ValidName(name); err != nil {
		return Agent{}, err
	}
	a := Agent{Root: root, Name: name}
	if a.Exists() {
		return a, nil
	}
	names, _ := List(root)
	if len(names) == 0 {
		return a, fmt.Errorf("%w %q: this project has no agents yet (ai agent new %s makes it)", ErrNoAgent, name, name)
	}
	return a, fmt.Errorf("%w %q: the agents here are %s (ai agent new %s makes a new one)", ErrNoAgent, name, strings.Join(names, ", "), name)
}

// List returns the names of the agents made in the store at root.
func List(root string) ([]string, error) {
	entries, err := os.ReadDir(filepath.Join(root, "agents"))
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("list agents: %w", err)
	}
	var out []string
	for _, e := range entries {
		if e.IsDir() && ValidName(e.Name()) == nil && (Agent{Root: root, Name: e.Name()}).Exists() {
			out = append(out, e.Name())
		}
	}
	slices.Sort(out)
	return out, nil
}

// Create makes the agent with an empty thread.
func Create(root, name string, now time.Time) (Agent, error) {
	if err := ValidName(name); err != nil {
		return Agent{}, err
	}
	a := Agent{Root: root, Name: name}
	if a.Exists() {
		return a, fmt.Errorf("%w: %s already exists", ErrExists, name)
	}
	return a, appendLine(a.records(), Record{Kind: KindCreated, At: now.UTC(), Format: Format, Agent: name})
}

// attachedPath is the file naming a session's agent.
func attachedPath(root, sid string) string { return filepath.Join(root, "attached", sid) }

// AttachedTo returns the agent a session is attached to, "" for none.
func AttachedTo(root, sid string) (string, error) {
	if paths.SessionID(sid) != sid || sid == "" {
		return "", nil
	}
	data, err := fsutil.ReadCapped(attachedPath(root, sid), 256)
	if errors.Is(err, os.ErrNotExist) {
		return "", nil
	}
	if err != nil {
		return "", err
	}
	return strings.TrimSpace(string(data)), nil
}

// setAttached records (agent "" removes) a session's agent.
func setAttached(root, sid, agent string) error {
	path := attachedPath(root, sid)
	if agent == "" {
		if err := os.Remove(path); err != nil && !errors.Is(err, os.ErrNotExist) {
			return fmt.Errorf("detach: %w", err)
		}
		return nil
	}
	if err := fsutil.PrivateDir(filepath.Dir(path)); err != nil {
		return err
	}
	return fsutil.WriteAtomic(path, []byte(agent+"\n"), 0o600, fsutil.NoSync)
}

// AttachedSessions lists the sessions copied into the thread that are
// still attached to it, without reading its records.
func (a Agent) AttachedSessions() []string {
	entries, err := os.ReadDir(filepath.Join(a.Dir(), "sessions"))
	if err != nil {
		return nil
	}
	var out []string
	for _, e := range entries {
		if name, err := AttachedTo(a.Root, e.Name()); err == nil && name == a.Name {
			out = append(out, e.Name())
		}
	}
	return out
}
