// Package datasync keeps each seller account's Amazon data current: one task per account and data kind
// (amazondata.Kinds), run as a River job (app/jobs) that asks Amazon for the kind's report, waits for it without
// holding a worker (the job snoozes), downloads it and hands it to amazondata's import; a periodic job queues the
// tasks that are due, authorising a store queues its first syncs, 立即同步 queues one by hand, and a seller's own
// file (上传报告) is stored in the database and imported by a job of its own through the same import. It records every run for the 数据同步 screen and turns Amazon's
// failures into plain Chinese with what to do.
package datasync

import (
	"context"
	"log/slog"
	"time"

	"sellerhub/app/amazondata"
	"sellerhub/app/core"
	"sellerhub/app/jobs"
	"sellerhub/app/stores"
	"sellerhub/models"
)

// Deps is what the service is built from.
type Deps struct {
	DB     *models.DB
	Stores *stores.Service
	Data   *amazondata.Service
	Jobs   *jobs.Queue
	Now    core.Clock
	Log    *slog.Logger
	// Poll is how long a job waits before asking Amazon again about a report it is making (the configuration's
	// ReportPoll); 0: PollEvery.
	Poll time.Duration
	// Schedule is how often the periodic job looks for due tasks (the configuration's SyncSchedule); 0:
	// ScheduleEvery.
	Schedule time.Duration
	// Imported is told when a sync or an upload of a kind has been imported, so that what is worked out from the
	// data follows it (the claims audit after the ledger and the reimbursements); nil for nothing. Its failure is
	// logged: the import stands.
	Imported func(ctx context.Context, companyID int64, kind amazondata.Kind) error
}

// Service is the data sync.
type Service struct {
	db     *models.DB
	stores *stores.Service
	data   *amazondata.Service
	jobs   *jobs.Queue
	now    core.Clock
	log    *slog.Logger
	poll   time.Duration
	// schedule is the periodic job's period.
	schedule time.Duration
	imported func(ctx context.Context, companyID int64, kind amazondata.Kind) error
}

// New builds the service.
func New(d Deps) *Service {
	poll := d.Poll
	if poll <= 0 {
		poll = PollEvery
	}
	schedule := d.Schedule
	if schedule <= 0 {
		schedule = ScheduleEvery
	}
	return &Service{db: d.DB, stores: d.Stores, data: d.Data, jobs: d.Jobs, now: d.Now, log: d.Log, poll: poll,
		schedule: schedule, imported: d.Imported}
}

// tellImported tells Deps.Imported that a kind's data came in.
func (s *Service) tellImported(ctx context.Context, companyID int64, kind amazondata.Kind) {
	if s.imported == nil {
		return
	}
	if err := s.imported(ctx, companyID, kind); err != nil {
		s.log.Warn("work after the import failed", "company", companyID, "kind", kind, "err", err)
	}
}

// PollEvery is how often a job asks Amazon about a report it is making: Amazon takes from seconds to minutes,
// and getReport's rate (2 a second, burst 15) is shared by every sync of the account.
const PollEvery = 15 * time.Second

// Every is how often each kind syncs. Each is about how often Amazon's data of the kind changes, against what a
// report costs (createReport allows about one a minute per account, shared by the kinds):
//   - orders every 30 minutes: orders arrive and change status all day, and the sales screens show today;
//   - FBA stock every hour: Amazon refreshes the inventory report about hourly;
//   - listings and returns every 6 hours: they change a few times a day;
//   - settlements every 12 hours: Amazon publishes one per marketplace every two weeks, so twice a day finds a
//     new one within half a day;
//   - fee estimates every 24 hours: Amazon recomputes them at most daily;
//   - parent ASINs every 24 hours: a seller regroups variations rarely, and a new listing's parent waits a day at
//     most (a listings sync by hand, then the parents' by hand, brings it at once).
var Every = map[amazondata.Kind]time.Duration{
	amazondata.Orders:       30 * time.Minute,
	amazondata.Inventory:    time.Hour,
	amazondata.Listings:     6 * time.Hour,
	amazondata.Returns:      6 * time.Hour,
	amazondata.Settlements:  12 * time.Hour,
	amazondata.FeeEstimates: 24 * time.Hour,
	amazondata.Parents:      24 * time.Hour,
	// Amazon updates the ledger and the reimbursements once a day.
	amazondata.LedgerEvents:   12 * time.Hour,
	amazondata.LedgerBalances: 12 * time.Hour,
	amazondata.Reimbursements: 12 * time.Hour,
	// Amazon charges storage once a month (the aged surcharge on the 15th): a daily look finds a new month's.
	amazondata.StorageFees:    24 * time.Hour,
	amazondata.AgedSurcharges: 24 * time.Hour,
	// Amazon refreshes the inventory planning report once a day.
	amazondata.InventoryPlanning: 24 * time.Hour,
	// A removal order moves from pending to shipped over days; twice a day shows its packages soon enough.
	amazondata.RemovalOrders:    12 * time.Hour,
	amazondata.RemovalShipments: 12 * time.Hour,
	// Amazon's business report of a day is there the next morning and settles over two days.
	amazondata.SalesTraffic: 12 * time.Hour,
	// Advertising: campaigns change by hand during the day; Amazon's figures of a day settle over the next ones,
	// so twice a day is enough for the reports.
	amazondata.AdEntities: 6 * time.Hour,
	amazondata.AdReports:  12 * time.Hour,
	// Amazon makes the VAT transactions of a month from the 3rd of the next: a daily look finds it soon after.
	amazondata.VATTransactions: 24 * time.Hour,
}

// kindNames are the kinds as the tasks store them, in the screen's order.
func kindNames() []string {
	out := make([]string, len(amazondata.Kinds))
	for i, k := range amazondata.Kinds {
		out[i] = string(k)
	}
	return out
}

// The 数据同步 screen's button permissions.
const (
	PermissionSyncRun    = "amz:sync:run"
	PermissionSyncUpload = "amz:sync:upload"
)
