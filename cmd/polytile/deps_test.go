package main

import (
	"os/exec"
	"slices"
	"strings"
	"testing"
)

// TestNoHTTP checks that the command links no HTTP client or server:
// polytile never serves or fetches anything, and every command pays for
// those packages' initialisation when it starts (net/http and the
// cryptography it brings took about 4 ms; progressbar brings them from
// v3.18 on, which is why go.mod holds it at v3.15).
func TestNoHTTP(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go list")
	}
	out, err := exec.Command("go", "list", "-deps", ".").Output()
	if err != nil {
		t.Skipf("go list: %v", err)
	}
	deps := strings.Fields(string(out))
	for _, pkg := range []string{"net/http", "crypto/tls"} {
		if slices.Contains(deps, pkg) {
			t.Errorf("polytile links %s", pkg)
		}
	}
}
