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
