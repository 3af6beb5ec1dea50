package line

import (
	"slices"
	"testing"

	"github.com/session-intelligence/session-intelligence/shared/core/config"
)

// TestEveryFieldIsExplained: si explain's glossary and the renderers name
// the same fields, so a new field cannot ship undocumented.
func TestEveryFieldIsExplained(t *testing.T) {
	var documented []string
	for _, f := range config.StatuslineFields {
		if f.Meaning == "" {
			t.Errorf("field %s has no meaning", f.Name)
		}
		documented = append(documented, f.Name)
	}
	slices.Sort(documented)
	rendered := FieldNames()
	slices.Sort(rendered)
	if !slices.Equal(documented, rendered) {
		t.Errorf("documented fields %v\nrendered fields %v", documented, rendered)
	}
}
