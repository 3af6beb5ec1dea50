package configedit

import (
	"bytes"
	"fmt"
	"slices"
	"strings"

	"github.com/session-intelligence/session-intelligence/shared/cc/settingsjson"
	"github.com/session-intelligence/session-intelligence/shared/core/config"
	"github.com/session-intelligence/session-intelligence/shared/core/jsonx"
)

// Fold copies the values of the legacy status-line file into the
// unified document under "statusline" (byte for byte as the user wrote
// them when the section exists; a new section is laid out anew). A key the unified file already sets keeps its value there (it
// already wins when both are read). notes say, per key, what happened to
// everything that was not copied.
func Fold(legacy, unified []byte, legacyName string) (next []byte, moved, notes []string, err error) {
	next = unified
	for _, k := range config.Keys {
		rest, ok := strings.CutPrefix(k.Path, "statusline.")
		if !ok {
			continue
		}
		raw, ok := settingsjson.Get(legacy, strings.Split(rest, ".")...)
		if !ok {
			continue
		}
		var v any
		if jsonx.Unmarshal(raw, &v) != nil || k.Check(v) != "" {
			continue // reported below with the loader's words
		}
		if _, set := settingsjson.Get(unified, strings.Split(k.Path, ".")...); set {
			notes = append(notes, k.Path+": kept the value of the unified file")
			continue
		}
		if next, err = settingsjson.Set(next, settingsjson.Verbatim(raw), strings.Split(k.Path, ".")...); err != nil {
			return nil, nil, nil, fmt.Errorf("%s: %w", k.Path, err)
		}
		moved = append(moved, k.Path)
	}
	var scratch config.Config
	probs := config.Merge(&scratch, bytes.NewReader(legacy), legacyName, "statusline")
	slices.SortFunc(probs, func(a, b config.Problem) int { return strings.Compare(a.Key, b.Key) })
	for _, p := range probs {
		msg := strings.TrimSuffix(strings.TrimSuffix(p.Msg, "; ignored"), "; default used")
		if p.Key == "" {
			return nil, nil, nil, fmt.Errorf("%s: %s", legacyName, msg)
		}
		notes = append(notes, p.Key+": "+msg+"; not copied")
	}
	return next, moved, notes, nil
}
