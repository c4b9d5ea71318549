package datasync

import (
	"context"
	"errors"
	"time"

	"github.com/riverqueue/river"

	"sellerhub/app/amazondata"
	"sellerhub/app/stores"
	"sellerhub/models"
	datasyncdb "sellerhub/models/datasync"
	storesdb "sellerhub/models/stores"
)

// The advertising kinds sync a store's advertising profiles in its region through the Advertising API: the
// Sponsored Products entities (广告活动) and their daily figures (广告报表). Their tasks hang on the seller account
// of the same store group and region, which is the store the 数据同步 list shows; the calls go with the group's
// advertising authorisation, whose refusal never touches the seller account's.

// Messages of the advertising syncs.
const (
	// MsgAdvNotAuthorised: the group's advertising authorisation in the region went (停用) since the task was made.
	MsgAdvNotAuthorised = "该店铺在此区域未授权广告或已停用，请在店铺管理中授权广告"
	MsgAdvNoProfiles    = "广告授权下没有配置文件，请在店铺管理中加载配置文件"
)

// adKindNames are the advertising kinds as the tasks store them.
func adKindNames() []string {
	out := make([]string, len(amazondata.AdKinds))
	for i, k := range amazondata.AdKinds {
		out[i] = string(k)
	}
	return out
}

// ensureAdTasks gives the seller accounts of a company (0: every company) whose group has advertising in their
// region the advertising kinds' tasks, due at once.
func (s *Service) ensureAdTasks(db *models.DB, companyID int64) error {
	lacking, err := datasyncdb.SellersLackingAdTasks(db, companyID, adKindNames())
	if err != nil {
		return err
	}
	for _, seller := range lacking {
		if err := datasyncdb.EnsureSyncTasks(db, seller.CompanyID, seller.ID, adKindNames(), s.now.Stamp()); err != nil {
			return err
		}
	}
	return nil
}

// syncAdvertising runs (or resumes) an advertising task's sync, like sync does a report kind's.
func (s *Service) syncAdvertising(ctx context.Context, db *models.DB, task *datasyncdb.SyncTask, seller *storesdb.Seller, last bool) error {
	api, err := s.stores.AdvertisingAPIOf(ctx, seller.CompanyID, seller.GroupID, seller.Region)
	if models.IsNotFound(err) {
		return datasyncdb.UpdateSyncTask(db, task.CompanyID, task.ID, map[string]any{"state": datasyncdb.SyncFailed,
			"last_error": MsgAdvNotAuthorised, "report_state": "", "updated_at": s.now.Stamp(),
			"next_run_at": s.now.Stamp().Add(Every[amazondata.Kind(task.Kind)])})
	}
	if err != nil {
		return err
	}
	sy := &syncing{s: s, ctx: ctx, db: db, task: task, seller: seller, kind: amazondata.Kind(task.Kind)}
	if err := sy.startOrResume(); err != nil {
		return err
	}
	ad := &adSyncing{syncing: sy, api: api}
	switch {
	case len(api.Profiles) == 0:
		err = errNoProfiles
	case sy.kind == amazondata.AdEntities:
		err = ad.entities()
	default:
		err = ad.reports()
	}
	var snooze *river.JobSnoozeError
	switch {
	case err == nil:
		return sy.succeed()
	case errors.As(err, &snooze):
		return err
	case ctx.Err() != nil:
		return err
	}
	return ad.fail(err, last)
}

// errNoProfiles is an authorisation that reaches no profile.
var errNoProfiles = errors.New("datasync: the advertising authorisation has no profiles")

// adSyncing is one go of an advertising task.
type adSyncing struct {
	*syncing
	api stores.AdvertisingAPI
}

// fail records a failure as fail does, but an invalid grant or client is the advertising authorisation's: the
// task says to authorise advertising again and the seller account is left as it is.
func (ad *adSyncing) fail(cause error, last bool) error {
	sy := ad.syncing
	f := classify(cause)
	switch {
	case errors.Is(cause, errNoProfiles):
		f = failure{msg: MsgAdvNoProfiles}
	case f.invalidGrant:
		ad.api.ForgetAdvertisingToken()
		f.msg = stores.MsgAdvTokenRefused
	}
	sy.s.log.Warn("advertising sync failed", "seller", sy.seller.ID, "kind", sy.kind, "run", sy.run.ID, "err", cause)
	now := sy.s.now.Stamp()
	retrying := f.retry && !last
	task := map[string]any{"state": datasyncdb.SyncFailed, "last_error": f.msg, "updated_at": now,
		"next_run_at": now.Add(Every[sy.kind]), "queued_by": "", "report_state": ""}
	run := map[string]any{"status": datasyncdb.SyncFailed, "error": f.msg, "finished_at": now}
	if retrying {
		task = map[string]any{"state": datasyncdb.SyncQueued, "last_error": f.msg, "updated_at": now}
		run = map[string]any{"error": f.msg}
	}
	if err := datasyncdb.UpdateSyncRun(sy.db, sy.run.CompanyID, sy.run.ID, run); err != nil {
		return err
	}
	if err := datasyncdb.UpdateSyncTask(sy.db, sy.task.CompanyID, sy.task.ID, task); err != nil {
		return err
	}
	switch {
	case f.invalidGrant, f.invalidClient:
		return river.JobCancel(cause)
	case retrying:
		return cause
	}
	return nil
}

// profileDay is a profile's today: Amazon dates its reports in the profile's time zone.
func profileDay(now time.Time, timezone string) time.Time {
	loc, err := time.LoadLocation(timezone)
	if err != nil {
		loc = time.UTC
	}
	y, m, d := now.In(loc).Date()
	return time.Date(y, m, d, 0, 0, 0, 0, time.UTC)
}
