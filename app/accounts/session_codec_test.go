package accounts

import (
	"reflect"
	"testing"
	"time"

	"github.com/alexedwards/scs/v2"
)

// TestSessionCodecKeepsWhatASessionHolds: a session's integers, strings and booleans come back as the same types
// (scs's GetInt64 and friends read nothing from another type), with its deadline; a session with another type of
// value, and one written by gob before this codec, are read too; damaged data is an error, not a panic.
func TestSessionCodecKeepsWhatASessionHolds(t *testing.T) {
	deadline := time.Date(2026, 11, 25, 6, 30, 0, 123456789, time.UTC)
	values := map[string]any{keyUserID: int64(1960000000000000001), keyCompanyID: int64(-7), keyLoginType: "api",
		keySeen: int64(1764041400000), keyEndedElsewhere: true, keyPasswordVerified: int64(0), "empty": "", "no": false,
		"名字": "卖家中心"}
	var codec SessionCodec
	b, err := codec.Encode(deadline, values)
	if err != nil {
		t.Fatal(err)
	}
	if b[0] != sessionCodecMarker {
		t.Fatalf("written with gob: % x", b[:8])
	}
	gotDeadline, got, err := codec.Decode(b)
	if err != nil || !gotDeadline.Equal(deadline) || !reflect.DeepEqual(got, values) {
		t.Fatalf("decoded %v %#v %v", gotDeadline, got, err)
	}

	withFloat := map[string]any{keyUserID: int64(5), "ratio": 0.5}
	old := map[string]any{keyUserID: int64(5), keyLoginType: "sso"}
	for _, c := range []struct {
		name   string
		values map[string]any
		encode func(time.Time, map[string]any) ([]byte, error)
	}{
		{"another type", withFloat, codec.Encode},
		{"written by gob", old, scs.GobCodec{}.Encode},
	} {
		b, err := c.encode(deadline, c.values)
		if err != nil {
			t.Fatal(err)
		}
		gotDeadline, got, err := codec.Decode(b)
		if err != nil || !gotDeadline.Equal(deadline) || !reflect.DeepEqual(got, c.values) {
			t.Fatalf("%s: decoded %v %#v %v", c.name, gotDeadline, got, err)
		}
	}

	for cut := 1; cut < len(b); cut++ {
		if _, _, err := codec.Decode(b[:cut]); err == nil {
			t.Fatalf("%d of %d bytes decoded without an error", cut, len(b))
		}
	}
	if _, _, err := codec.Decode(append(b[:len(b):len(b)], 0)); err == nil {
		t.Fatal("a trailing byte decoded without an error")
	}
}
