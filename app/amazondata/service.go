package amazondata

import (
	"context"
	"fmt"

	"sellerhub/app/amazon"
	"sellerhub/app/core"
	"sellerhub/models"
)

// Service imports report files.
type Service struct {
	db  *models.DB
	now core.Clock
}

// New builds the service.
func New(db *models.DB, now core.Clock) *Service { return &Service{db: db, now: now} }

// importers are the kinds' readers; each kind's file registers its own in init.
var importers = map[Kind]importer{}

// Import reads one report file of the kind for the store. It stops at ctx's end; what it wrote so far stays
// (each batch is its own transaction), and reading the file again completes it without doubling anything.
func (s *Service) Import(ctx context.Context, kind Kind, st Store, r *amazon.TSVReader, progress Progress) (Result, error) {
	imp, ok := importers[kind]
	if !ok {
		return Result{}, fmt.Errorf("amazondata: no importer for kind %q", kind)
	}
	if progress == nil {
		progress = func(int) {}
	}
	scoped := &Service{db: s.db.With(ctx), now: s.now}
	return imp(scoped, st, r, progress)
}
