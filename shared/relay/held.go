package relay

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/session-intelligence/session-intelligence/shared/core/fsutil"
	"github.com/session-intelligence/session-intelligence/shared/core/jsonx"
)

// The prompts a relay holds live apart from its state, one file each in
// a directory beside the state file, so that nothing held depends on the
// state file's size: held inline, three long prompts (JSON escapes some
// characters six times over) took it past its cap, the state was
// replaced, and every held prompt was lost after the user had been told
// it would be sent again. A prompt is held only once its file is written
// and synced; when it cannot be (a cap, a full disk) the relay says so
// and the prompt goes to the current conversation.

// Keeper keeps held prompts; the machine asks it, and does no I/O itself.
type Keeper interface {
	// Keep stores text beside the prompts named by kept and returns its
	// name, or why it cannot hold it; owner names the conversation and
	// window they go back to.
	Keep(owner Owner, kept []string, text string) (string, error)
	// Take reads the prompts named by kept, in order, and removes them;
	// err says how many could not be read back.
	Take(kept []string) ([]string, error)
}

// Owner is who held prompts go back to.
type Owner struct {
	SID    string `json:"sid"`
	Window string `json:"window"`
}

// ownerFile records the Owner beside the prompts, so that a state file
// that had to be replaced still knows where they go.
const ownerFile = "owner.json"

// Caps on what is held during one relay.
const (
	maxHeld       = 20        // prompts
	maxHeldBytes  = 256 << 10 // one prompt; a longer one goes to the current conversation
	maxHeldTotal  = 2 << 20   // all of them
	heldExtension = ".prompt"
)

// Held is a project's held prompts on disk: Dir/<n>.prompt, 0600 in a
// 0700 directory.
type Held struct{ Dir string }

// Held is the directory of the project's held prompts.
func (s Store) Held(root string) Held {
	return Held{Dir: strings.TrimSuffix(s.Path(root), ".json") + ".held"}
}

// Keep writes text to a new file, synced, within the caps.
func (h Held) Keep(owner Owner, kept []string, text string) (string, error) {
	if len(kept) >= maxHeld {
		return "", fmt.Errorf("%d prompts are held already", maxHeld)
	}
	if len(text) > maxHeldBytes {
		return "", fmt.Errorf("the prompt is over %d KB", maxHeldBytes>>10)
	}
	total, next := len(text), 1
	for _, name := range kept {
		if fi, err := os.Lstat(filepath.Join(h.Dir, name)); err == nil {
			total += int(fi.Size())
		}
		next = max(next, heldNumber(name)+1)
	}
	if total > maxHeldTotal {
		return "", fmt.Errorf("the prompts held already come to %d KB", (total-len(text))>>10)
	}
	if err := fsutil.PrivateDir(h.Dir); err != nil {
		return "", err
	}
	if len(kept) == 0 {
		data, err := jsonx.Marshal(owner)
		if err == nil {
			err = fsutil.WriteAtomic(filepath.Join(h.Dir, ownerFile), data, 0o600, fsutil.Sync)
		}
		if err != nil {
			return "", err
		}
	}
	name := strconv.Itoa(next) + heldExtension
	if err := fsutil.WriteAtomic(filepath.Join(h.Dir, name), []byte(text), 0o600, fsutil.Sync); err != nil {
		return "", err
	}
	return name, nil
}

// Take reads and removes the prompts named by kept; the directory goes
// when it is empty.
func (h Held) Take(kept []string) ([]string, error) {
	var texts []string
	lost := 0
	for _, name := range kept {
		p := filepath.Join(h.Dir, filepath.Base(name))
		data, err := fsutil.ReadCapped(p, maxHeldBytes)
		if err != nil {
			lost++
			continue
		}
		texts = append(texts, string(data))
		_ = os.Remove(p)
	}
	if lost == 0 {
		_ = os.Remove(filepath.Join(h.Dir, ownerFile))
		_ = os.Remove(h.Dir)
	}
	if lost > 0 {
		return texts, fmt.Errorf("%d held prompt(s) could not be read back from %s", lost, h.Dir)
	}
	return texts, nil
}

// Recover names the prompts in the directory, in the order they were
// held, and who they go back to: what a state file that had to be
// replaced still owes.
func (h Held) Recover() (Owner, []string) {
	var owner Owner
	if data, err := fsutil.ReadCapped(filepath.Join(h.Dir, ownerFile), 4096); err == nil {
		_ = jsonx.Unmarshal(data, &owner)
	}
	return owner, h.list()
}

// list names the prompts in the directory, in the order they were held.
func (h Held) list() []string {
	entries, err := os.ReadDir(h.Dir)
	if err != nil {
		return nil
	}
	var names []string
	for _, e := range entries {
		if heldNumber(e.Name()) > 0 && e.Type().IsRegular() {
			names = append(names, e.Name())
		}
	}
	slices.SortFunc(names, func(a, b string) int { return heldNumber(a) - heldNumber(b) })
	return names
}

// heldNumber is the n of "<n>.prompt", else 0.
func heldNumber(name string) int {
	digits, ok := strings.CutSuffix(name, heldExtension)
	n, err := strconv.Atoi(digits)
	if !ok || err != nil || n <= 0 {
		return 0
	}
	return n
}

// errNoKeeper is Keep's answer when no keeper was given.
var errNoKeeper = errors.New("no place to keep it")

// noKeeper holds nothing.
type noKeeper struct{}

func (noKeeper) Keep(Owner, []string, string) (string, error) { return "", errNoKeeper }
func (noKeeper) Take(kept []string) ([]string, error) {
	if len(kept) > 0 {
		return nil, fmt.Errorf("%d held prompt(s) could not be read back: %w", len(kept), errNoKeeper)
	}
	return nil, nil
}
