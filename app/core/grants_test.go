package core

import (
	"errors"
	"testing"
)

// TestUserMenuEncodesOnce: a cached menu's answer is encoded on its first ask and the same bytes serve the next
// ones; a failed encoding is not kept, so the next ask tries again.
func TestUserMenuEncodesOnce(t *testing.T) {
	m := NewUserMenu([]MenuRoute{{ID: 1, Title: "系统"}}, []string{"/sys"}, []string{"sys:user:add"})
	failed := errors.New("encoding failed")
	if _, err := m.Encoded(func() ([]byte, error) { return nil, failed }); !errors.Is(err, failed) {
		t.Fatalf("a failed encoding answers %v", err)
	}
	calls := 0
	encode := func() ([]byte, error) {
		calls++
		return []byte(`{"title":"系统"}`), nil
	}
	first, err := m.Encoded(encode)
	if err != nil {
		t.Fatal(err)
	}
	second, err := m.Encoded(encode)
	if err != nil || string(second) != string(first) || string(first) != `{"title":"系统"}` || calls != 1 {
		t.Fatalf("answers %q then %q (%v), encoded %d times", first, second, err, calls)
	}
	// A new menu (the user's grants changed) encodes its own.
	if again, _ := NewUserMenu(nil, nil, nil).Encoded(encode); string(again) != string(first) || calls != 2 {
		t.Fatalf("a new menu: %q, encoded %d times", again, calls)
	}
}

// TestBuildingMarksWhatLeadsOnlyToUnbuiltPages: a link is building while its address has no screen (an outside
// link never is); a heading or group is building when all its entries are, and not once one is built. The seeded
// menu no longer has a group with nothing built, so the rule is held here rather than on the rail.
func TestBuildingMarksWhatLeadsOnlyToUnbuiltPages(t *testing.T) {
	built := func(path string) bool { return path == "/built" }
	link := func(path string) MenuRoute { return MenuRoute{Title: path, Path: path} }
	group := func(links ...MenuRoute) MenuRoute {
		return MenuRoute{Title: "组", Children: []MenuRoute{{Title: "标题", Children: links}}}
	}
	for _, c := range []struct {
		name string
		r    MenuRoute
		want bool
	}{
		{"an unbuilt link", link("/todo"), true},
		{"a built link", link("/built"), false},
		{"an outside link", link("https://sellercentral.amazon.com"), false},
		{"a group of unbuilt links", group(link("/todo"), link("/todo2")), true},
		{"a group with one built link", group(link("/todo"), link("/built")), false},
		{"a group with an outside link", group(link("/todo"), link("http://example.com")), false},
	} {
		if got := c.r.Building(built); got != c.want {
			t.Errorf("%s: building %v, want %v", c.name, got, c.want)
		}
	}
}
