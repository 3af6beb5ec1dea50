package memory

import (
	"context"
	"errors"
	"fmt"
	"os"
	"slices"
	"strings"

	"github.com/session-intelligence/session-intelligence/shared/ai/store/git"
	"github.com/session-intelligence/session-intelligence/shared/ai/summarise"
)

// ErrChanged: a run's notes or halves changed while its summary was
// written, which is then not stored.
var ErrChanged = errors.New("its notes changed while it was summarised")

// Summariser writes one summary for a prompt. [summarise.Claude] is the
// real one.
type Summariser interface {
	Summarise(ctx context.Context, prompt string) (string, error)
}

// Pending returns the runs a view of lines lines folds whose summaries
// are not built yet, with the runs they are built from, in the order to
// build them (halves before their run).
func (m *Memory) Pending(lines int) ([]Block, error) {
	n, err := m.Count()
	if err != nil {
		return nil, err
	}
	var out []Block
	seen := map[Block]bool{}
	var need func(b Block) error
	need = func(b Block) error {
		if seen[b] {
			return nil
		}
		seen[b] = true
		_, built, err := m.fold(b)
		if err != nil || built {
			return err
		}
		if b.Size() > RawFold {
			left, right := b.Halves()
			if err := need(left); err != nil {
				return err
			}
			if err := need(right); err != nil {
				return err
			}
		}
		out = append(out, b)
		return nil
	}
	for _, b := range Cover(n, lines) {
		if b.Size() > 1 {
			if err := need(b); err != nil {
				return nil, err
			}
		}
	}
	return out, nil
}

// Fold builds the pending summaries of a view of lines lines, one commit
// each, until none is left or one fails: a failed summary changes nothing
// and is tried again by the next run. It returns how many it built;
// logf reports each one.
func (m *Memory) Fold(ctx context.Context, sum Summariser, lines int, logf func(string, ...any)) (int, error) {
	built := 0
	for {
		m.forget() // notes may have arrived meanwhile
		todo, err := m.Pending(lines)
		if err != nil || len(todo) == 0 {
			return built, err
		}
		if err := ctx.Err(); err != nil {
			return built, err
		}
		err = m.FoldBlock(ctx, sum, todo[0])
		switch {
		case errors.Is(err, ErrChanged):
			logf("fold #%s: %v; folding it again", todo[0], err)
			continue
		case err != nil:
			return built, err
		}
		built++
		logf("folded #%s", todo[0])
	}
}

// FoldBlock builds and commits the summary of b: from its notes when it
// holds at most [RawFold], else from its halves' summaries, which must be
// built. The summary is cut to [SummaryChars] whatever the backend
// answered.
func (m *Memory) FoldBlock(ctx context.Context, sum Summariser, b Block) error {
	prompt, rec, err := m.foldPrompt(b)
	if err != nil {
		return err
	}
	if prompt == "" {
		rec.Text = fmt.Sprintf("(%d notes, all forgotten)", b.Size())
	} else {
		text, err := sum.Summarise(ctx, prompt)
		if err != nil {
			return fmt.Errorf("fold #%s: %w", b, err)
		}
		if rec.Text = summarise.OneLine(text, SummaryChars); rec.Text == "" {
			return fmt.Errorf("fold #%s: the summariser answered nothing", b)
		}
	}
	changed := false
	_, err = m.st.Update(func(tx *git.Tx) (string, error) {
		// A note forgotten or edited while the model wrote: this
		// summary says what is no longer so.
		m.forget()
		if now, _, err := m.foldPrompt(b); err != nil || now != prompt {
			changed = true
			return "", nil
		}
		return fmt.Sprintf("Fold #%s", b), addFold(tx, rec)
	})
	m.forget()
	if err == nil && changed {
		err = fmt.Errorf("fold #%s: %w", b, ErrChanged)
	}
	return err
}

// foldPrompt builds the summariser's prompt for b and the record it
// fills, times set; forgotten notes are left out, and a run of
// forgotten notes only has no prompt ("").
func (m *Memory) foldPrompt(b Block) (string, foldRecord, error) {
	rec := foldRecord{Block: b}
	if b.Size() <= RawFold {
		notes, err := m.Notes(b.Lo, b.Hi)
		if err != nil {
			return "", rec, err
		}
		rec.First, rec.Last = notes[0].Time, notes[len(notes)-1].Time
		live := slices.DeleteFunc(notes, func(n Note) bool { return n.Text == Forgotten })
		if len(live) == 0 {
			return "", rec, nil // nothing to summarise
		}
		return rawPrompt(b, live), rec, nil
	}
	left, right := b.Halves()
	l, okL, err := m.fold(left)
	if err != nil {
		return "", rec, err
	}
	r, okR, err := m.fold(right)
	if err != nil {
		return "", rec, err
	}
	if !okL || !okR {
		return "", rec, fmt.Errorf("fold #%s: its halves are not folded yet", b)
	}
	rec.First, rec.Last = l.First, r.Last
	return mergePrompt(b, l, r), rec, nil
}

// addFold inserts rec into its folds/ file, keeping the file in order;
// a run already folded is left alone.
func addFold(tx *git.Tx, rec foldRecord) error {
	path := foldPath(rec.Block)
	data, err := tx.Read(path)
	if err != nil && !errors.Is(err, os.ErrNotExist) {
		return err
	}
	if hasLine(data, "#"+rec.Block.String()+" ") {
		return nil
	}
	recs, err := parseFolds(path, data)
	if err != nil {
		return err
	}
	recs = append(recs, rec)
	slices.SortFunc(recs, func(a, b foldRecord) int { return a.Block.Lo - b.Block.Lo })
	var out strings.Builder
	for _, r := range recs {
		out.WriteString(formatFold(r))
	}
	tx.Write(path, []byte(out.String()))
	return nil
}
