// Package stores owns a company's stores (店铺): store groups, the sellers authorised through Amazon's consent
// and the advertising authorisations, with the product's keys and access tokens for Amazon.
package stores

import (
	"log/slog"

	"sellerhub/app/amazon"
	"sellerhub/app/core"
	"sellerhub/config"
	"sellerhub/models"
	storesdb "sellerhub/models/stores"
)

// Deps is what the stores service is built from.
type Deps struct {
	DB     *models.DB
	Config *config.Config
	Log    *slog.Logger
	Now    core.Clock
	// AmazonHTTP calls Amazon; nil: built from the configuration (tests shorten its retry waits).
	AmazonHTTP *amazon.HTTP
	// AmazonRates keep Amazon's per-seller rate limits where every instance spends from them; nil: PostgreSQL's
	// amazon_rate_buckets, or this process's memory on SQLite (one instance).
	AmazonRates amazon.RateStore
	// SellerAuthorized runs in the transaction that stores a seller account's (re-)authorisation: the data sync
	// queues the account's first syncs there, so they exist only if the authorisation does. nil: nothing.
	SellerAuthorized func(tx *models.DB, seller *storesdb.Seller) error
}

// Service is the stores domain.
type Service struct {
	db     *models.DB
	cfg    *config.Config
	log    *slog.Logger
	now    core.Clock
	amazon *amazonKit

	sellerAuthorized func(tx *models.DB, seller *storesdb.Seller) error
}

// New builds the service.
func New(d Deps) *Service {
	rates := d.AmazonRates
	switch {
	case rates != nil:
	case d.DB.Driver == "sqlite":
		// SQLite is one instance: its buckets stay in memory, where a turn never waits behind an import's write.
		rates = amazon.NewMemoryRates()
	default:
		rates = NewDBRates(d.DB)
	}
	return &Service{db: d.DB, cfg: d.Config, log: d.Log, now: d.Now, amazon: newAmazonKit(d.Config, d.AmazonHTTP, rates),
		sellerAuthorized: d.SellerAuthorized}
}
