package core

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"log/slog"
	"strings"
	"sync"
	"time"
)

// KeyAll is the key that drops everything a topic's subscribers keep: published after the product menu changed,
// and delivered to every topic when a broadcaster reconnects, since it may have missed messages meanwhile.
const KeyAll = "*"

// Invalidations tells every instance of the product that something it keeps in memory and decides access by
// changed: a subscriber drops its entries for the key on this instance at once, and on the others within the
// round trip of the broadcast (Redis pub/sub, or PostgreSQL LISTEN/NOTIFY; SQLite is one instance, so nothing).
type Invalidations struct {
	origin string
	log    *slog.Logger
	mu     sync.RWMutex
	subs   map[string][]func(key string)
	// send hands a message to the other instances; nil on one instance.
	send func(ctx context.Context, msg string) error
	stop func()
}

// NewInvalidations delivers to this process only: SQLite, and tests of one instance.
func NewInvalidations(log *slog.Logger) *Invalidations {
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	b := make([]byte, 8)
	_, _ = rand.Read(b)
	return &Invalidations{origin: hex.EncodeToString(b), log: log, subs: map[string][]func(string){}, stop: func() {}}
}

// Subscribe calls fn with each key published on topic, here or on another instance (KeyAll: everything).
func (iv *Invalidations) Subscribe(topic string, fn func(key string)) {
	iv.mu.Lock()
	defer iv.mu.Unlock()
	iv.subs[topic] = append(iv.subs[topic], fn)
}

// Publish delivers key to topic's subscribers here, then to the other instances. A broadcast that fails is
// logged: the change is committed, and the others' entries then last until they are next dropped.
func (iv *Invalidations) Publish(topic, key string) {
	iv.deliverLocal(topic, key)
	if iv.send == nil {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := iv.send(ctx, iv.origin+" "+topic+" "+key); err != nil {
		iv.log.Error("broadcast invalidation", "topic", topic, "err", err)
	}
}

// Close stops listening to the other instances.
func (iv *Invalidations) Close() { iv.stop() }

// received delivers a message from the broadcast, skipping this instance's own (delivered when published).
func (iv *Invalidations) received(msg string) {
	origin, rest, ok := strings.Cut(msg, " ")
	if !ok || origin == iv.origin {
		return
	}
	topic, key, ok := strings.Cut(rest, " ")
	if ok {
		iv.deliverLocal(topic, key)
	}
}

// reconnected drops everything every subscriber keeps: messages sent while the broadcast was down are lost.
func (iv *Invalidations) reconnected() {
	iv.mu.RLock()
	topics := make([]string, 0, len(iv.subs))
	for t := range iv.subs {
		topics = append(topics, t)
	}
	iv.mu.RUnlock()
	for _, t := range topics {
		iv.deliverLocal(t, KeyAll)
	}
}

func (iv *Invalidations) deliverLocal(topic, key string) {
	iv.mu.RLock()
	fns := iv.subs[topic]
	iv.mu.RUnlock()
	for _, fn := range fns {
		fn(key)
	}
}
