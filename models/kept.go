package models

import "sync"

// keptLists bounds how many lists (company, filter and order) keep anchors, totals or dates at once; past it one is
// forgotten.
const keptLists = 512

// Kept are values the lists keep, each under its list's key with the generation of the data it was read at, shared
// by every handle of the database: a kept value is used only at that generation.
type Kept[V any] struct {
	mu    sync.Mutex
	lists map[string]keptValue[V]
}

// keptValue is a list's value as read at generation.
type keptValue[V any] struct {
	generation int64
	value      V
}

func NewKept[V any]() *Kept[V] { return &Kept[V]{lists: map[string]keptValue[V]{}} }

// get is the value kept under key if it was read at generation.
func (k *Kept[V]) Get(key string, generation int64) (V, bool) {
	k.mu.Lock()
	defer k.mu.Unlock()
	v, ok := k.lists[key]
	return v.value, ok && v.generation == generation
}

// keep stores a value under key, forgetting another list's when keptLists are kept already.
func (k *Kept[V]) Keep(key string, generation int64, value V) {
	k.mu.Lock()
	defer k.mu.Unlock()
	if _, ok := k.lists[key]; !ok && len(k.lists) >= keptLists {
		for other := range k.lists {
			delete(k.lists, other)
			break
		}
	}
	k.lists[key] = keptValue[V]{generation: generation, value: value}
}
