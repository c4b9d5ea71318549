// Package stores owns a company's stores (店铺): store groups, the sellers authorised through Amazon's consent
// and the advertising authorisations, with the product's keys and access tokens for Amazon.
package stores

import (
	"log/slog"

	"sellerhub/app/amazon"
	"sellerhub/app/core"
	"sellerhub/config"
	"sellerhub/models"
)

// Deps is what the stores service is built from.
type Deps struct {
	DB     *models.DB
	Config *config.Config
	Log    *slog.Logger
	Now    core.Clock
	// AmazonHTTP calls Amazon; nil: built from the configuration (tests shorten its retry waits).
	AmazonHTTP *amazon.HTTP
}

// Service is the stores domain.
type Service struct {
	db     *models.DB
	cfg    *config.Config
	log    *slog.Logger
	now    core.Clock
	amazon *amazonKit
}

// New builds the service.
func New(d Deps) *Service {
	return &Service{db: d.DB, cfg: d.Config, log: d.Log, now: d.Now, amazon: newAmazonKit(d.Config, d.AmazonHTTP)}
}
