package ail

import (
	"fmt"
	"strings"
)

// Hydrate renders d with every defined $N replaced by its value: @CTX
// lines as their bare text, so that prose comes back exactly as it was
// packed, and every other section with its tag. @MEM and comments are
// left out. Pointers are resolved in one pass: a decoded value is an
// identifier, which holds no $N, and a value built in code that does is
// copied as it is, so nothing expands twice; an undefined $N stays as
// written. The output is capped by lim.MaxOutput.
func (d *Document) Hydrate(lim Limits) (string, error) {
	h := d.hydrator(lim)
	h.b.Grow(min(d.size(), h.max))
	for _, l := range d.Lines {
		if l.Body == "" {
			continue // an empty @NEXT
		}
		if l.Kind != KindCtx {
			h.write(string(l.Kind))
			h.write(" ")
		}
		h.resolve(l.Body)
		h.write("\n")
		if h.over {
			return "", h.overError(l.No)
		}
	}
	return h.b.String(), nil
}

// Tasks returns the tasks of d's @NEXT lines with their pointers
// resolved, as [Document.Hydrate] writes them, in one pass over d
// whatever the number of lines; their text is capped by lim.MaxOutput.
// A @NEXT body that does not parse gives no tasks.
func (d *Document) Tasks(lim Limits) ([]string, error) {
	h := d.hydrator(lim)
	var tasks []string
	for _, l := range d.Lines {
		if l.Kind != KindNext || l.Body == "" {
			continue
		}
		h.b.Reset()
		h.resolve(l.Body)
		if h.over {
			return nil, h.overError(l.No)
		}
		h.max -= h.b.Len()
		if line, err := ParseNext(h.b.String()); err == nil {
			tasks = append(tasks, line...)
		}
	}
	return tasks, nil
}

// hydrator returns a hydrator for d's pointers.
func (d *Document) hydrator(lim Limits) *hydrator {
	max := lim.withDefaults().MaxOutput
	return &hydrator{mem: d.Mem, ids: indexOf(d.Mem), max: max, limit: max}
}

// hydrator accumulates output up to a cap.
type hydrator struct {
	mem   []Pointer
	ids   index
	b     strings.Builder
	max   int // bytes b may hold
	limit int // the cap, for the message
	over  bool
}

// overError is the error for output past the cap, found on line no.
func (h *hydrator) overError(no int) error {
	return &Error{Line: no, Kind: ErrOutputTooLarge, Msg: fmt.Sprintf("hydrated text over the %d-byte limit", h.limit)}
}

// write appends s unless the cap would be passed.
func (h *hydrator) write(s string) {
	if h.over || h.b.Len()+len(s) > h.max {
		h.over = true
		return
	}
	h.b.WriteString(s)
}

// resolve writes body with defined pointers replaced.
func (h *hydrator) resolve(body string) {
	for !h.over {
		i := strings.IndexByte(body, '$')
		if i < 0 {
			h.write(body)
			return
		}
		id, end := pointerID(body, i+1)
		at, ok := h.ids.at(id)
		if !ok {
			// Undefined, malformed or a bare $: copy through the digits so
			// they are not looked at again.
			h.write(body[:end])
			body = body[end:]
			continue
		}
		h.write(body[:i])
		h.write(h.mem[at].Value)
		body = body[end:]
	}
}
