package accounts

import (
	"encoding/binary"
	"errors"
	"time"

	"github.com/alexedwards/scs/v2"
)

// NewSessions is the session manager over store, with the product's idle and absolute limits and its codec.
func NewSessions(store scs.Store, idle, lifetime time.Duration) *scs.SessionManager {
	sm := scs.New()
	sm.IdleTimeout, sm.Lifetime = idle, lifetime
	sm.Cookie.Name = "jsessionid"
	sm.Store = store
	sm.Codec = SessionCodec{}
	return sm
}

// SessionCodec encodes sessions for the store. Every signed-in request decodes its session, and scs's gob codec
// describes the types anew in each session it writes, so each decode first rebuilds a gob decoder's type tables:
// a profile of the signed-in calls had a third of the session's load in it. A session holds only integers,
// strings and booleans, so they are written as tagged values after a marker byte; a session holding any other
// type is written with gob as before, and sessions written by gob (before this codec, or for that reason) are
// still read. No valid gob stream starts with the marker: gob's first byte there would give a length of 91 bytes.
type SessionCodec struct{}

const sessionCodecMarker = 0xA5

var errSessionData = errors.New("session data is damaged")

// Encode writes the session's deadline and values.
func (SessionCodec) Encode(deadline time.Time, values map[string]any) ([]byte, error) {
	b := []byte{sessionCodecMarker}
	b = binary.AppendVarint(b, deadline.UnixNano())
	b = binary.AppendUvarint(b, uint64(len(values)))
	for k, v := range values {
		b = appendString(b, k)
		switch v := v.(type) {
		case int64:
			b = binary.AppendVarint(append(b, 'i'), v)
		case string:
			b = appendString(append(b, 's'), v)
		case bool:
			b = append(b, 'b', boolByte(v))
		default:
			return scs.GobCodec{}.Encode(deadline, values)
		}
	}
	return b, nil
}

// Decode reads what Encode wrote, or a gob-encoded session.
func (SessionCodec) Decode(b []byte) (time.Time, map[string]any, error) {
	if len(b) == 0 || b[0] != sessionCodecMarker {
		return scs.GobCodec{}.Decode(b)
	}
	r := sessionReader{b: b[1:]}
	deadline := time.Unix(0, r.varint())
	n := r.uvarint()
	if n > uint64(len(r.b)) {
		return time.Time{}, nil, errSessionData
	}
	values := make(map[string]any, n)
	for range n {
		k := r.string()
		switch r.byte() {
		case 'i':
			values[k] = r.varint()
		case 's':
			values[k] = r.string()
		case 'b':
			values[k] = r.byte() == 1
		default:
			r.bad = true
		}
		if r.bad {
			return time.Time{}, nil, errSessionData
		}
	}
	if r.bad || len(r.b) > 0 {
		return time.Time{}, nil, errSessionData
	}
	return deadline, values, nil
}

func appendString(b []byte, s string) []byte {
	return append(binary.AppendUvarint(b, uint64(len(s))), s...)
}

func boolByte(v bool) byte {
	if v {
		return 1
	}
	return 0
}

// sessionReader reads the encoded values; a read past the end or a malformed number marks it bad.
type sessionReader struct {
	b   []byte
	bad bool
}

func (r *sessionReader) varint() int64 {
	v, n := binary.Varint(r.b)
	if n <= 0 {
		r.bad = true
		return 0
	}
	r.b = r.b[n:]
	return v
}

func (r *sessionReader) uvarint() uint64 {
	v, n := binary.Uvarint(r.b)
	if n <= 0 {
		r.bad = true
		return 0
	}
	r.b = r.b[n:]
	return v
}

func (r *sessionReader) byte() byte {
	if len(r.b) == 0 {
		r.bad = true
		return 0
	}
	c := r.b[0]
	r.b = r.b[1:]
	return c
}

func (r *sessionReader) string() string {
	n := r.uvarint()
	if r.bad || n > uint64(len(r.b)) {
		r.bad = true
		return ""
	}
	s := string(r.b[:n])
	r.b = r.b[n:]
	return s
}
