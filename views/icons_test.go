package views

import (
	"testing"

	"sellerhub/app/admin"
)

// The menu admin accepts the icon names of admin.MenuIcons: they must be the shell's icon set, no more and no
// fewer, or a menu would show the default icon or miss one it could have.
func TestMenuIconsAreTheShellsIcons(t *testing.T) {
	seen := map[string]bool{}
	for _, name := range admin.MenuIcons {
		if !knownIcons[name] {
			t.Errorf("admin.MenuIcons has %q, which the sprite lacks", name)
		}
		seen[name] = true
	}
	for name := range knownIcons {
		if !seen[name] {
			t.Errorf("the sprite's %q is missing from admin.MenuIcons", name)
		}
	}
}
