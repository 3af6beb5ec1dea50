package ail

import (
	"strings"
)

// This file checks @MEM lines (mem_sec: { " " pointer_id "=" identifier })
// and, for lenient decoding, copies pointer values into the identifiers
// that name them.

// mem checks the definitions of one @MEM line and records them.
func (d *decoder) mem(no int, body string) *Error {
	if body == "" {
		return nil
	}
	for rest, more := body, true; more; {
		var def string
		def, rest, more = strings.Cut(rest, " ")
		if def == "" {
			return lineError(no, KindMem, faultf(ErrSpace, "expected one space between definitions, found more"))
		}
		id, value, err := parseDef(def, d.opt.Lenient)
		if err != nil {
			return lineError(no, KindMem, err)
		}
		if at, dup := d.ids.at(id); dup {
			return lineError(no, KindMem, faultf(ErrDuplicatePointer, "expected a new pointer, found $%d, already defined on line %d", id, d.doc.Mem[at].Line))
		}
		d.ids.set(id, len(d.doc.Mem))
		d.doc.Mem = append(d.doc.Mem, Pointer{ID: id, Value: value, Line: no})
		if strings.Contains(value, "$") {
			d.ids.mark(id)
			d.memRefs++
		}
	}
	return nil
}

// parseDef parses "$N=identifier". With pointers (lenient decoding), a
// $N inside the value is let through, for resolve to copy.
func parseDef(def string, pointers bool) (int, string, error) {
	if def[0] != '$' {
		return 0, "", faultf(ErrMemDef, `expected "$N=identifier", found %s (one space separates definitions, an identifier holds none)`, excerpt(def))
	}
	id, end := pointerID(def, 1)
	if id == 0 {
		return 0, "", faultf(ErrPointerID, "expected $ and a number from 1 to %d without a leading zero, found %s", maxPointerID, excerpt(def[:max(end, 1)]))
	}
	name := def[:end]
	if end == len(def) || def[end] != '=' {
		return 0, "", faultf(ErrMemDef, `expected "=" after %q, found %s`, name, quote(def[end:]))
	}
	value := def[end+1:]
	stop := identEnd(value, 0, pointers)
	switch {
	case value == "":
		return 0, "", faultf(ErrIdentifier, `expected an identifier after "%s=", found nothing`, name)
	case isPointerAt(value, stop) && stop == 0:
		return 0, "", faultf(ErrPointerInIdentifier, `expected an identifier after "%s=", found the pointer %s: a @MEM value cannot be a pointer`, name, excerpt(pointerText(value, 0)))
	case isPointerAt(value, stop):
		return 0, "", faultf(ErrPointerInIdentifier, `expected an identifier after "%s=", found the pointer %s in %s: a @MEM value cannot hold one`, name, excerpt(pointerText(value, stop)), excerpt(value))
	case stop < len(value):
		return 0, "", faultf(ErrIdentifier, `expected an identifier after "%s=", found %s in %s`, name, excerpt(value[stop:stop+runeLen(value[stop:])]), excerpt(value))
	}
	return id, value, nil
}

// runeLen is the length in bytes of the first character of s.
func runeLen(s string) int {
	for i := range s {
		if i > 0 {
			return i
		}
	}
	return len(s)
}

// resolve is the lenient repair of "$2=$1" and "!retry_$1(...)": each $N
// in an identifier is replaced by the value of $N. It is one pass over
// the values as written: a value that itself names a pointer (marked in
// d.ids by mem) is not followed, so chains and cycles are refused, never
// expanded.
func (d *decoder) resolve() {
	if d.memRefs+len(d.logRefs) == 0 {
		return
	}
	for i := range d.doc.Mem {
		p := &d.doc.Mem[i]
		if !d.ids.marked(p.ID) {
			continue
		}
		v, err := d.expand(p.Value)
		if err != nil {
			d.fail(lineError(p.Line, KindMem, err))
			return
		}
		d.repair(p.Line, ErrPointerInIdentifier, "@MEM: a value cannot be a pointer: $%d now holds %s, copied from %s", p.ID, quoted(v), quoted(p.Value))
		p.Value = v
	}
	for _, i := range d.logRefs {
		l := &d.doc.Lines[i]
		end := identEnd(l.Body, 1, true)
		v, err := d.expand(l.Body[1:end])
		if err == nil && len(l.Body)-end+1+len(v)+len(KindLog)+1 > d.opt.Limits.MaxLine {
			err = faultf(ErrLineTooLong, "copying pointer values would take the line past the %d-byte limit", d.opt.Limits.MaxLine)
		}
		if err != nil {
			d.fail(lineError(l.No, KindLog, err))
			return
		}
		d.repair(l.No, ErrPointerInIdentifier, "@LOG: an identifier cannot hold a pointer: wrote %s for %s", quoted(v), quoted(l.Body[1:end]))
		l.Body = "!" + v + l.Body[end:]
	}
}

// expand replaces every $N of s by its value as written, within the
// budget; a value that holds a $N is not copied.
func (d *decoder) expand(s string) (string, error) {
	var b strings.Builder
	for i := 0; i < len(s); {
		if !isPointerAt(s, i) {
			b.WriteByte(s[i])
			i++
			continue
		}
		id, end := pointerID(s, i+1)
		at, ok := d.ids.at(id)
		switch {
		case !ok:
			return "", faultf(ErrPointerInIdentifier, "cannot copy %s into %s: no such pointer is defined", s[i:end], excerpt(s))
		case d.ids.marked(id):
			return "", faultf(ErrPointerInIdentifier, "cannot copy %s: its own value holds a pointer, and values are copied one level only", s[i:end])
		}
		v := d.doc.Mem[at].Value
		if d.budget -= len(v) - (end - i); d.budget < 0 || b.Len()+len(v) > d.opt.Limits.MaxLine {
			return "", faultf(ErrTooLarge, "copying pointer values would take the snapshot past its size limits")
		}
		if i == 0 && end == len(s) {
			return v, nil // all of s is one pointer ("$2=$1"): its value, not a copy
		}
		b.WriteString(v)
		i = end
	}
	return b.String(), nil
}
