package pricing

// WithOverrides applies the statusline.prices configuration: either one
// flat price for every model ({input, output, cache_creation,
// cache_read}) or prices keyed by model-id prefix. Values are USD per
// million tokens; a missing field keeps the default.
func (t Table) WithOverrides(cfg map[string]any) Table {
	if len(cfg) == 0 {
		return t
	}
	out := make(Table, len(t)+1)
	for k, v := range t {
		out[k] = v
	}
	if _, ok := cfg["input"].(float64); ok {
		for k, p := range out {
			out[k] = apply(p, cfg)
		}
		out["*"] = apply(flat(0, 0), cfg)
		return out
	}
	for model, v := range cfg {
		fields, ok := v.(map[string]any)
		if !ok {
			continue
		}
		base, _ := t.Lookup(model) // not out: the result must not depend on map order
		out[Normalize(model)] = apply(base, fields)
	}
	return out
}

func apply(p Price, f map[string]any) Price {
	get := func(name string, cur float64) float64 {
		if v, ok := f[name].(float64); ok && v >= 0 {
			return v
		}
		return cur
	}
	if in, ok := f["input"].(float64); ok && in >= 0 {
		// A new input price rescales the cache prices not given explicitly.
		p.CacheWrite, p.CacheWrite1, p.CacheRead = in*1.25, in*2, in/10
		p.Input = in
	}
	p.Output = get("output", p.Output)
	p.CacheWrite = get("cache_creation", p.CacheWrite)
	p.CacheWrite1 = get("cache_creation_1h", p.CacheWrite1)
	p.CacheRead = get("cache_read", p.CacheRead)
	p.Above = nil // an explicit price is taken as flat
	return p
}
