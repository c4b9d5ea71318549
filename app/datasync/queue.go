package datasync

import (
	"context"
	"time"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"

	"sellerhub/app/amazondata"
	"sellerhub/app/core"
	"sellerhub/app/stores"
	"sellerhub/models"
	datasyncdb "sellerhub/models/datasync"
	storesdb "sellerhub/models/stores"
)

// SyncArgs is the job of one task's sync: a seller account's data of one kind. DataKind is the contract's Kind
// (River's JobArgs needs the method Kind, which a field of that name would hide). The ids go as JSON strings:
// inserted on PostgreSQL through database/sql, a JSON number loses an id's last digits (it passes through a
// float64), and the job would look for another seller.
type SyncArgs struct {
	CompanyID int64  `json:"company_id,string"`
	SellerID  int64  `json:"seller_id,string"`
	DataKind  string `json:"kind"`
}

// Kind names the job for River.
func (SyncArgs) Kind() string { return "datasync" }

// syncAttempts bounds a sync's retries: River's backoff (attempt⁴ seconds) makes the eighth about 70 minutes
// after the first failure, by when the next periodic sync is due anyway.
const syncAttempts = 8

// InsertOpts makes a task's sync unique while it waits, runs or waits to retry: 立即同步 on a sync already
// queued, or the periodic job finding it due again, queues nothing more. A finished one does not count.
func (SyncArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{MaxAttempts: syncAttempts, UniqueOpts: river.UniqueOpts{ByArgs: true,
		ByState: []rivertype.JobState{rivertype.JobStateAvailable, rivertype.JobStatePending,
			rivertype.JobStateRunning, rivertype.JobStateRetryable, rivertype.JobStateScheduled}}}
}

// Messages of the queuing calls.
const (
	MsgTaskMissing    = "同步任务"
	MsgSellerDisabled = stores.MsgSellerDisabled
	MsgSellerInvalid  = "授权已失效，请重新授权"
	// MsgSellerTokenless refuses syncing a store never authorised through Amazon (the demo's, read from its reports).
	MsgSellerTokenless = "该店铺未经亚马逊授权（演示数据来自报告文件），不能同步；请授权自己的店铺"
	MsgKindUnknown     = "请选择报告类型"
)

// queue queues a task's sync in tx, marking it queued by cause; a sync of the task already waiting or running
// is left as it is (false).
func (s *Service) queue(tx *models.DB, t *datasyncdb.SyncTask, cause string, now time.Time) (bool, error) {
	opts := SyncArgs{}.InsertOpts()
	if cause == datasyncdb.SyncByAuth {
		opts.Priority = firstSyncPriority(amazondata.Kind(t.Kind))
	}
	inserted, err := s.jobs.Insert(tx, SyncArgs{CompanyID: t.CompanyID, SellerID: t.SellerID, DataKind: t.Kind}, &opts)
	if err != nil || !inserted {
		return false, err
	}
	t.State, t.QueuedBy, t.UpdatedAt = datasyncdb.SyncQueued, cause, now
	return true, datasyncdb.UpdateSyncTask(tx, t.CompanyID, t.ID, map[string]any{"state": datasyncdb.SyncQueued, "queued_by": cause, "updated_at": now})
}

// firstSyncPriority orders a store's first sync (River's priority, 1 first): a new seller waits on 首页 for its
// catalogue, stock and orders, which came after 14 days of traffic reports when the jobs ran in insertion order
// and their share snoozes shuffled them. Later syncs keep the default: nobody is waiting on one of them.
func firstSyncPriority(k amazondata.Kind) int {
	switch k {
	case amazondata.Listings, amazondata.Inventory, amazondata.Orders:
		return 1
	case amazondata.SalesTraffic:
		return 4
	case amazondata.LedgerEvents, amazondata.LedgerBalances, amazondata.Reimbursements, amazondata.StorageFees,
		amazondata.AgedSurcharges, amazondata.RemovalOrders, amazondata.RemovalShipments:
		return 3
	}
	return 2
}

// SellerAuthorized queues every kind's sync of a seller account just (re-)authorised, in the transaction that
// stores the authorisation (stores.Deps.SellerAuthorized). An earlier failure's message goes: the authorisation
// is new.
func (s *Service) SellerAuthorized(tx *models.DB, seller *storesdb.Seller) error {
	now := s.now.Stamp()
	if err := datasyncdb.EnsureSyncTasks(tx, seller.CompanyID, seller.ID, kindNames(), now); err != nil {
		return err
	}
	tasks, err := datasyncdb.SyncTasksOfSeller(tx, seller.CompanyID, seller.ID)
	if err != nil {
		return err
	}
	for i := range tasks {
		if err := datasyncdb.UpdateSyncTask(tx, tasks[i].CompanyID, tasks[i].ID, map[string]any{"last_error": "", "updated_at": now}); err != nil {
			return err
		}
		if _, err := s.queue(tx, &tasks[i], datasyncdb.SyncByAuth, now); err != nil {
			return err
		}
	}
	return nil
}

// syncable refuses a seller account that cannot sync: disabled, or refused by Amazon since.
func syncable(status string, disabled bool) error {
	switch {
	case disabled:
		return core.Refused(MsgSellerDisabled)
	case status != storesdb.SellerActive:
		return core.Refused(MsgSellerInvalid)
	}
	return nil
}

// secretUsable refuses a seller whose application's secret Amazon refused (invalid_client): its own
// application's (refusedAt), or the product's. Syncing again cannot help until the secret is replaced.
func (s *Service) secretUsable(ctx context.Context, clientID string, refusedAt *time.Time) error {
	refused := refusedAt != nil
	if clientID == "" {
		var err error
		if refused, err = s.stores.ProductAppRefused(ctx); err != nil {
			return err
		}
	}
	if refused {
		return core.Refused(stores.MsgClientInvalid)
	}
	return nil
}

// CanSync tells whether a task's store may sync: its authorisation is neither disabled nor refused by Amazon.
// The periodic job skips the others until they are authorised again.
func CanSync(t *datasyncdb.SyncTaskRow) bool {
	return syncable(t.SellerStatus, t.SellerDisabled) == nil && t.SellerTokenless == 0
}

// SyncNow queues one task's sync by hand (立即同步) and returns the task as it now stands. A sync already waiting
// or running is not queued twice.
func (s *Service) SyncNow(ctx context.Context, p core.Principal, taskID string) (*datasyncdb.SyncTaskRow, error) {
	id, ok := core.ParseID(taskID)
	if !ok {
		return nil, core.NotFound(MsgTaskMissing)
	}
	var out *datasyncdb.SyncTaskRow
	err := s.db.Tx(ctx, func(tx *models.DB) error {
		row, err := datasyncdb.VisibleSyncTask(tx, p.CompanyID, p.UserID, id)
		if err != nil {
			return core.NotFoundAs(err, MsgTaskMissing)
		}
		if err := syncable(row.SellerStatus, row.SellerDisabled); err != nil {
			return err
		}
		if row.SellerTokenless != 0 {
			return core.Refused(MsgSellerTokenless)
		}
		if err := s.secretUsable(ctx, row.SellerClientID, row.SellerClientRefusedAt); err != nil {
			return err
		}
		if _, err := s.queue(tx, &row.SyncTask, datasyncdb.SyncByHand, s.now.Stamp()); err != nil {
			return err
		}
		out = row
		return nil
	})
	return out, err
}

// SyncSeller queues every kind's sync of a seller account by hand (requestReportParamAuth) and returns its tasks.
func (s *Service) SyncSeller(ctx context.Context, p core.Principal, sellerID string) ([]datasyncdb.SyncTask, error) {
	seller, err := s.stores.VisibleSeller(ctx, p, sellerID)
	if err != nil {
		return nil, err
	}
	if err := syncable(seller.Status, seller.Disabled); err != nil {
		return nil, err
	}
	if seller.RefreshToken == "" {
		return nil, core.Refused(MsgSellerTokenless)
	}
	if err := s.secretUsable(ctx, seller.ClientID, seller.ClientRefusedAt); err != nil {
		return nil, err
	}
	var out []datasyncdb.SyncTask
	err = s.db.Tx(ctx, func(tx *models.DB) error {
		now := s.now.Stamp()
		if err := datasyncdb.EnsureSyncTasks(tx, seller.CompanyID, seller.ID, kindNames(), now); err != nil {
			return err
		}
		if out, err = datasyncdb.SyncTasksOfSeller(tx, seller.CompanyID, seller.ID); err != nil {
			return err
		}
		for i := range out {
			if _, err := s.queue(tx, &out[i], datasyncdb.SyncByHand, now); err != nil {
				return err
			}
		}
		return nil
	})
	return out, err
}

// ScheduleArgs is the periodic job that queues the tasks that are due.
type ScheduleArgs struct{}

// Kind names the job for River.
func (ScheduleArgs) Kind() string { return "datasync_schedule" }

// ScheduleEvery is how often the periodic job looks for due tasks: the shortest interval (30 minutes) is met
// within a minute.
const ScheduleEvery = time.Minute

// dueBatch bounds the tasks one look queues; the rest are queued a minute later.
const dueBatch = 500

// staleAfter is how long a task may stay waiting or running without moving before the periodic job takes its job
// for lost and queues it again: far longer than a report takes at Amazon (a running sync moves every poll).
const staleAfter = time.Hour

// QueueDue queues the sync of every task that is due, of active seller accounts with a refresh token, first
// giving the seller accounts authorised before the data sync their tasks. It returns how many it queued.
func (s *Service) QueueDue(ctx context.Context) (int, error) {
	db := s.db.With(ctx)
	now := s.now.Stamp()
	lacking, err := datasyncdb.SellersLackingSyncTasks(db, 0, kindNames())
	if err != nil {
		return 0, err
	}
	for _, seller := range lacking {
		if err := datasyncdb.EnsureSyncTasks(db, seller.CompanyID, seller.ID, kindNames(), now); err != nil {
			return 0, err
		}
	}
	if err := s.ensureAdTasks(db, 0); err != nil {
		return 0, err
	}
	if err := s.ensureVATTasks(db, 0); err != nil {
		return 0, err
	}
	productRefused, err := s.stores.ProductAppRefused(ctx)
	if err != nil {
		return 0, err
	}
	due, err := datasyncdb.DueSyncTasks(db, now, now.Add(-staleAfter), productRefused, dueBatch)
	if err != nil {
		return 0, err
	}
	n := 0
	for i := range due {
		err := s.db.Tx(ctx, func(tx *models.DB) error {
			inserted, err := s.queue(tx, &due[i], datasyncdb.SyncByTimer, now)
			if inserted {
				n++
			}
			return err
		})
		if err != nil {
			return n, err
		}
	}
	return n, nil
}
