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
	lim = lim.withDefaults()
	values := make(map[int]string, len(d.Mem))
	for _, p := range d.Mem {
		values[p.ID] = p.Value
	}
	h := hydrator{values: values, max: lim.MaxOutput}
	h.b.Grow(min(d.size(), lim.MaxOutput))
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
			return "", &Error{Line: l.No, Kind: ErrOutputTooLarge, Msg: fmt.Sprintf("hydrated text over the %d-byte limit", lim.MaxOutput)}
		}
	}
	return h.b.String(), nil
}

// hydrator accumulates output up to a cap.
type hydrator struct {
	values map[int]string
	b      strings.Builder
	max    int
	over   bool
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
		v, ok := h.values[id]
		if !ok {
			// Undefined, malformed or a bare $: copy through the digits so
			// they are not looked at again.
			h.write(body[:end])
			body = body[end:]
			continue
		}
		h.write(body[:i])
		h.write(v)
		body = body[end:]
	}
}
