package transcript

// decodeRecord fills rec from one transcript line with the cursor,
// reading only the members transcript statistics use. It returns false
// for a line that is not a JSON object.
func decodeRecord(line []byte, rec *record) bool {
	c := &cursor{b: line}
	if c.peek() != '{' {
		return false
	}
	ok := c.object(func(key []byte) bool {
		switch {
		case is(key, "type"):
			rec.Type, _ = c.text()
		case is(key, "subtype"):
			rec.Subtype, _ = c.text()
		case is(key, "isSidechain"):
			rec.IsSidechain = c.boolean()
		case is(key, "timestamp"):
			rec.Timestamp, _ = c.text()
		case is(key, "requestId"):
			rec.RequestID, _ = c.text()
		case is(key, "message"):
			c.object(func(k []byte) bool { return decodeMessage(c, k, &rec.Message) })
		case is(key, "compactMetadata"):
			decodeCompact(c, rec)
		default:
			return false
		}
		return true
	})
	return ok && !c.bad
}

func decodeMessage(c *cursor, key []byte, m *rawMessage) bool {
	switch {
	case is(key, "id"):
		m.ID, _ = c.text()
	case is(key, "model"):
		m.Model, _ = c.text()
	case is(key, "usage"):
		if c.null() {
			m.Usage = nil
			return true
		}
		u := &rawUsage{}
		if c.peek() == '{' {
			m.Usage = u
		}
		c.object(func(k []byte) bool { return decodeUsage(c, k, u) })
	case is(key, "content"):
		m.Content = m.Content[:0]
		c.array(func() bool {
			var b rawBlock
			ok := c.object(func(k []byte) bool { return decodeBlock(c, k, &b) })
			m.Content = append(m.Content, b)
			return ok
		})
	default:
		return false
	}
	return true
}

func decodeUsage(c *cursor, key []byte, u *rawUsage) bool {
	switch {
	case is(key, "input_tokens"):
		u.Input = c.integer()
	case is(key, "output_tokens"):
		u.Output = c.integer()
	case is(key, "cache_creation_input_tokens"):
		u.CacheCreation = c.integer()
	case is(key, "cache_read_input_tokens"):
		u.CacheRead = c.integer()
	case is(key, "cache_creation"):
		if c.peek() == '{' {
			u.Split = &splitUsage{}
		}
		c.object(func(k []byte) bool {
			switch {
			case is(k, "ephemeral_5m_input_tokens"):
				u.Split.FiveMin = c.integer()
			case is(k, "ephemeral_1h_input_tokens"):
				u.Split.OneHour = c.integer()
			default:
				return false
			}
			return true
		})
	case is(key, "output_tokens_details"):
		if c.peek() == '{' {
			u.Details = &details{}
		}
		c.object(func(k []byte) bool {
			if !is(k, "thinking_tokens") || c.null() {
				return false
			}
			n := c.integer()
			u.Details.Thinking = &n
			return true
		})
	default:
		return false
	}
	return true
}

func decodeBlock(c *cursor, key []byte, b *rawBlock) bool {
	switch {
	case is(key, "type"):
		b.Type, _ = c.text()
	case is(key, "id"):
		b.ID, _ = c.text()
	case is(key, "text"):
		b.TextLen, _ = c.textLen()
	case is(key, "input"):
		c.ws()
		start := c.i
		c.skip()
		b.InputLen = c.i - start
	default:
		return false
	}
	return true
}

func decodeCompact(c *cursor, rec *record) {
	if c.peek() == '{' {
		rec.Compact = &compactMeta{}
	}
	c.object(func(k []byte) bool {
		switch {
		case is(k, "trigger"):
			rec.Compact.Trigger, _ = c.text()
		case is(k, "preTokens"):
			rec.Compact.PreTokens = c.integer()
		case is(k, "postTokens"):
			rec.Compact.PostTokens = c.integer()
		default:
			return false
		}
		return true
	})
}
