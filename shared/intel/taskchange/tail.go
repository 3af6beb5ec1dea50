package taskchange

import (
	"bytes"
	"io"
	"strings"

	"github.com/session-intelligence/session-intelligence/shared/core/fsutil"
	"github.com/session-intelligence/session-intelligence/shared/core/jsonx"
)

// TailBytes is how much of the transcript's end is searched for file
// mentions: enough for the last turns of any session, small enough to
// read and decode in a millisecond or two.
const TailBytes = 256 << 10

var (
	markUser      = []byte(`"type":"user"`)
	markAssistant = []byte(`"type":"assistant"`)
)

// tailRecord is the part of a transcript line the tail reader needs.
type tailRecord struct {
	Type        string `json:"type"`
	IsSidechain bool   `json:"isSidechain"`
	IsMeta      bool   `json:"isMeta"`
	Message     struct {
		Content jsonx.RawMessage `json:"content"`
	} `json:"message"`
}

// tailBlock is a content block: text, or a tool call's file argument.
type tailBlock struct {
	Type  string `json:"type"`
	Text  string `json:"text"`
	Input struct {
		FilePath     string `json:"file_path"`
		Path         string `json:"path"`
		NotebookPath string `json:"notebook_path"`
	} `json:"input"`
}

// TranscriptMentions returns the file references of the last `turns`
// user and assistant records that have content (text, and the file
// arguments of tool calls) within the last [TailBytes] of the
// transcript, newest first. A user record
// whose text is prompt is skipped: Claude Code may already have written
// the prompt being scored, which must not be its own baseline.
func TranscriptMentions(path, prompt string, turns int) []string {
	if path == "" || turns <= 0 {
		return nil
	}
	tail := readTail(path, TailBytes)
	prompt = strings.TrimSpace(prompt)
	var out []string
	for len(tail) > 0 && turns > 0 {
		i := bytes.LastIndexByte(tail, '\n')
		line := tail[i+1:]
		tail = tail[:max(i, 0)]
		if !bytes.Contains(line, markUser) && !bytes.Contains(line, markAssistant) {
			continue
		}
		texts, files, ok := turnTexts(line, prompt)
		if !ok {
			continue
		}
		turns--
		for _, t := range texts {
			out = append(out, Mentions(t)...)
		}
		out = append(out, files...)
	}
	return out
}

// readTail returns the complete lines among the last n bytes of a
// regular file; nil on any error.
func readTail(path string, n int64) []byte {
	f, fi, err := fsutil.OpenRegular(path)
	if err != nil {
		return nil
	}
	defer f.Close()
	start := max(0, fi.Size()-n)
	buf := make([]byte, fi.Size()-start)
	if _, err := f.ReadAt(buf, start); err != nil && err != io.EOF {
		return nil
	}
	if start > 0 {
		if nl := bytes.IndexByte(buf, '\n'); nl >= 0 {
			buf = buf[nl+1:]
		} else {
			return nil
		}
	}
	return buf
}

// turnTexts decodes one record and returns its texts and the file
// arguments of its tool calls; ok is false for records that are not a
// conversation turn with content (tool results, sidechains, meta
// records, the prompt being scored).
func turnTexts(line []byte, prompt string) (texts, files []string, ok bool) {
	var rec tailRecord
	if jsonx.Unmarshal(line, &rec) != nil || rec.IsSidechain || rec.IsMeta {
		return nil, nil, false
	}
	if rec.Type != "user" && rec.Type != "assistant" {
		return nil, nil, false
	}
	content := bytes.TrimSpace(rec.Message.Content)
	if len(content) > 0 && content[0] == '"' {
		var s string
		if jsonx.Unmarshal(content, &s) != nil || rec.Type == "user" && strings.TrimSpace(s) == prompt {
			return nil, nil, false
		}
		return []string{s}, nil, s != ""
	}
	var blocks []tailBlock
	if jsonx.Unmarshal(content, &blocks) != nil {
		return nil, nil, false
	}
	for _, b := range blocks {
		switch {
		case b.Type == "text" && rec.Type == "user" && strings.TrimSpace(b.Text) == prompt:
			return nil, nil, false
		case b.Type == "text" && b.Text != "":
			texts = append(texts, b.Text)
		case b.Type == "tool_use":
			for _, p := range []string{b.Input.FilePath, b.Input.Path, b.Input.NotebookPath} {
				if p != "" {
					files = append(files, p)
				}
			}
		}
	}
	return texts, files, len(texts)+len(files) > 0
}
