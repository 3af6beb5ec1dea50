package capture

import "github.com/session-intelligence/session-intelligence/shared/core/jsonx"

// MarshalJSON writes the store as its json tags say, without the codecs
// goccy/go-json would compile for it and its parts first: PreCompact
// saves it once, and the compilation cost more than the saving (see
// [jsonx.Object]).
func (s Store) MarshalJSON() ([]byte, error) {
	var o jsonx.Object
	list(&o, "items", s.Items, false, Item.MarshalJSON)
	o.Int("offset", s.Offset)
	if s.Path != "" {
		o.Str("path", s.Path)
	}
	tasks, err := s.Tasks.MarshalJSON()
	o.Raw("tasks", tasks, err)
	if s.Pending != nil {
		var p jsonx.Object
		p.Int("t", s.Pending.T)
		if len(s.Pending.InFlight) > 0 {
			p.Strings("inFlight", s.Pending.InFlight)
		}
		if len(s.Pending.Preserve) > 0 {
			p.Strings("preserve", s.Pending.Preserve)
		}
		pending, err := p.Bytes()
		o.Raw("pending", pending, err)
	}
	return o.Bytes()
}

// MarshalJSON writes the item as its json tags say.
func (it Item) MarshalJSON() ([]byte, error) {
	var o jsonx.Object
	o.Str("kind", string(it.Kind))
	o.Str("text", it.Text)
	if it.UUID != "" {
		o.Str("uuid", it.UUID)
	}
	if it.Prompt != "" {
		o.Str("prompt", it.Prompt)
	}
	o.Str("source", string(it.Source))
	if it.About != "" {
		o.Str("about", it.About)
	}
	if it.T != 0 {
		o.Int("t", it.T)
	}
	return o.Bytes()
}

// MarshalJSON writes the tasks as their json tags say.
func (t Tasks) MarshalJSON() ([]byte, error) {
	var o jsonx.Object
	list(&o, "tasks", t.Tasks, true, Task.MarshalJSON)
	list(&o, "todos", t.Todos, true, Task.MarshalJSON)
	list(&o, "recent", t.Recent, true, Call.MarshalJSON)
	list(&o, "uses", t.Uses, true, Use.MarshalJSON)
	return o.Bytes()
}

// MarshalJSON writes the task as its json tags say.
func (t Task) MarshalJSON() ([]byte, error) {
	var o jsonx.Object
	if t.ID != "" {
		o.Str("id", t.ID)
	}
	o.Str("subject", t.Subject)
	if t.Status != "" {
		o.Str("status", t.Status)
	}
	return o.Bytes()
}

// MarshalJSON writes the call as its json tags say.
func (c Call) MarshalJSON() ([]byte, error) {
	var o jsonx.Object
	o.Str("what", c.What)
	if c.Error != "" {
		o.Str("error", c.Error)
	}
	return o.Bytes()
}

// MarshalJSON writes the use as its json tags say.
func (u Use) MarshalJSON() ([]byte, error) {
	var o jsonx.Object
	o.Str("id", u.ID)
	o.Str("what", u.What)
	return o.Bytes()
}

// list writes a slice member: left out when empty and omitEmpty, else
// as [jsonx.List] writes it.
func list[E any](o *jsonx.Object, k string, es []E, omitEmpty bool, enc func(E) ([]byte, error)) {
	if len(es) > 0 || !omitEmpty {
		jsonx.List(o, k, es, enc)
	}
}
