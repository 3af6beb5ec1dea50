package health

import (
	"os/exec"
	"strings"
	"testing"
)

// TestReadOnlyDeps guards the split with package health/full: the status
// line links this package on every redraw, so neither it nor anything it
// imports may pull in the network stack or os/exec.
func TestReadOnlyDeps(t *testing.T) {
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command")
	}
	out, err := exec.Command(goTool, "list", "-deps", ".").Output()
	if err != nil {
		t.Skipf("go list: %v", err)
	}
	forbidden := map[string]bool{"net": true, "net/http": true, "crypto/tls": true, "os/exec": true}
	for dep := range strings.FieldsSeq(string(out)) {
		if forbidden[dep] {
			t.Errorf("package health depends on %s; network code belongs in package health/full", dep)
		}
	}
}
