package models

import (
	"crypto/rand"
	"encoding/binary"
	"sync"
	"time"
)

// Ids are 64-bit and made by the application rather than the database, so that the same migrations run on
// SQLite and PostgreSQL without auto-increment dialects, and ids do not reveal how many rows exist.
// Layout: 41 bits of milliseconds since 2024-01-01, then 22 bits of a per-process sequence that starts at a
// random value, which keeps ids from several instances apart. They go over JSON as strings.
var idEpoch = time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC).UnixMilli()

type idGenerator struct {
	mu   sync.Mutex
	last int64
	seq  int64
}

var ids = func() *idGenerator {
	var b [4]byte
	_, _ = rand.Read(b[:])
	return &idGenerator{seq: int64(binary.BigEndian.Uint32(b[:]) & 0x3fffff)}
}()

// NewID returns a fresh id, increasing over time within one process.
func NewID() int64 {
	ids.mu.Lock()
	defer ids.mu.Unlock()
	now := time.Now().UnixMilli() - idEpoch
	if now < ids.last {
		now = ids.last
	}
	ids.seq = (ids.seq + 1) & 0x3fffff
	if now == ids.last && ids.seq == 0 {
		now++ // sequence wrapped within one millisecond: borrow the next one
	}
	ids.last = now
	return now<<22 | ids.seq
}
