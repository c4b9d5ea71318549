// Package datasync holds the data sync's records: one task per seller account and data kind (its state, what is
// due), the runs and the reports each asked Amazon for, and the parts of hand-uploaded report files (上传报告).
package datasync

import (
	"strconv"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"sellerhub/models"
	"sellerhub/models/stores"
)

// SyncTask is the data sync of one seller account and data kind (数据同步): when it runs next, how the last run
// went, and, while one runs, its progress. Cursor is where an incremental kind's data is in up to.
type SyncTask struct {
	ID            int64 `gorm:"primaryKey;autoIncrement:false"`
	CompanyID     int64
	SellerID      int64
	Kind          string
	State         string
	QueuedBy      string
	NextRunAt     time.Time
	LastSuccessAt *time.Time
	RunID         *int64
	ReportState   string
	Lines         int64
	ReportsDone   int
	ReportsTotal  int
	LastError     string
	Cursor        *time.Time `gorm:"column:sync_cursor"`
	CreatedAt     time.Time
	UpdatedAt     time.Time
}

// Sync task states.
const (
	SyncIdle    = "idle"
	SyncQueued  = "queued"
	SyncRunning = "running"
	SyncDone    = "done"
	SyncFailed  = "failed"
)

// BeforeCreate gives a new task its id.
func (t *SyncTask) BeforeCreate(*gorm.DB) error {
	if t.ID == 0 {
		t.ID = models.NewID()
	}
	return nil
}

// EnsureSyncTasks creates the seller account's tasks of the kinds it lacks, due at once; existing ones stay as
// they are.
func EnsureSyncTasks(db *models.DB, companyID, sellerID int64, kinds []string, now time.Time) error {
	tasks := make([]SyncTask, len(kinds))
	for i, k := range kinds {
		tasks[i] = SyncTask{CompanyID: companyID, SellerID: sellerID, Kind: k, State: SyncIdle, NextRunAt: now,
			CreatedAt: now, UpdatedAt: now}
	}
	if len(tasks) == 0 {
		return nil
	}
	return db.Clauses(clause.OnConflict{Columns: []clause.Column{{Name: "seller_id"}, {Name: "kind"}}, DoNothing: true}).
		Create(&tasks).Error
}

// SellersLackingSyncTasks lists the active seller accounts of a company (0: of every company) that have a refresh
// token and fewer tasks than kinds: those authorised before the data sync existed get theirs lazily. One without
// a token (the demo's, whose data comes from files) has nothing to sync.
func SellersLackingSyncTasks(db *models.DB, companyID int64, kinds []string) ([]stores.Seller, error) {
	out := []stores.Seller{}
	q := db.Model(&stores.Seller{})
	if companyID != 0 {
		q = q.Scopes(models.InCompany("sellers", companyID))
	}
	err := q.Where("sellers.disabled = ? AND sellers.status = ? AND sellers.refresh_token <> ''", false, stores.SellerActive).
		Where("(SELECT COUNT(*) FROM sync_tasks WHERE sync_tasks.seller_id = sellers.id AND sync_tasks.kind IN ?) < ?", kinds, len(kinds)).
		Order("sellers.id").Find(&out).Error
	return out, err
}

// SyncTaskOf loads the company's task of a seller account and kind, or ErrNotFound.
func SyncTaskOf(db *models.DB, companyID, sellerID int64, kind string) (*SyncTask, error) {
	var t SyncTask
	err := db.Scopes(models.InCompany("sync_tasks", companyID)).
		Take(&t, "sync_tasks.seller_id = ? AND sync_tasks.kind = ?", sellerID, kind).Error
	if err != nil {
		return nil, err
	}
	return &t, nil
}

// SyncTasksOfSeller loads the company's tasks of a seller account.
func SyncTasksOfSeller(db *models.DB, companyID, sellerID int64) ([]SyncTask, error) {
	out := []SyncTask{}
	err := db.Scopes(models.InCompany("sync_tasks", companyID)).Where("sync_tasks.seller_id = ?", sellerID).
		Order("sync_tasks.id").Find(&out).Error
	return out, err
}

// DueSyncTasks lists the tasks (of every company) whose time has come, of active seller accounts that have a
// refresh token and whose application's secret Amazon has not refused (productAppRefused: the product's
// application's): what the periodic job queues. A task waiting or running is left out unless it has not moved
// since staleBefore (its job was lost: the periodic job queues it again, and the job resumes its run). At most
// limit, the most overdue first.
func DueSyncTasks(db *models.DB, now, staleBefore time.Time, productAppRefused bool, limit int) ([]SyncTask, error) {
	out := []SyncTask{}
	q := db.Table("sync_tasks").Select("sync_tasks.*").
		Joins("JOIN sellers ON sellers.id = sync_tasks.seller_id").
		Where("sync_tasks.next_run_at <= ?", now).
		Where("(sync_tasks.state NOT IN ? OR sync_tasks.updated_at < ?)", []string{SyncQueued, SyncRunning}, staleBefore).
		Where("sellers.disabled = ? AND sellers.status = ? AND sellers.refresh_token <> ''", false, stores.SellerActive).
		Where("sellers.client_refused_at IS NULL")
	if productAppRefused {
		q = q.Where("sellers.client_id <> ''")
	}
	err := q.Order("sync_tasks.next_run_at, sync_tasks.id").Limit(limit).Find(&out).Error
	return out, err
}

// UpdateSyncTask changes the given columns of the company's task; another company's id changes nothing.
func UpdateSyncTask(db *models.DB, companyID, id int64, changes map[string]any) error {
	return db.Model(&SyncTask{}).Scopes(models.InCompany("sync_tasks", companyID)).Where("sync_tasks.id = ?", id).
		Updates(changes).Error
}

// MarkSellerInvalid records Amazon's refusal of a seller account's grant (invalid_grant): the store shows
// 授权失效 in 店铺管理 and nothing syncs until it is authorised again.
func MarkSellerInvalid(db *models.DB, companyID, sellerID int64, now time.Time) error {
	return db.Model(&stores.Seller{}).Scopes(models.InCompany("sellers", companyID)).Where("sellers.id = ?", sellerID).
		Updates(map[string]any{"status": stores.SellerInvalid, "updated_at": now}).Error
}

// FailSellerSyncTasks marks every task of a seller account failed with msg (its grant was refused: none of its
// kinds can sync until it is authorised again).
func FailSellerSyncTasks(db *models.DB, companyID, sellerID int64, msg string, now time.Time) error {
	return db.Model(&SyncTask{}).Scopes(models.InCompany("sync_tasks", companyID)).Where("sync_tasks.seller_id = ?", sellerID).
		Updates(map[string]any{"state": SyncFailed, "last_error": msg, "report_state": "", "updated_at": now}).Error
}

// SyncTaskRow is a task as the 数据同步 list shows it, with its store group and seller account.
type SyncTaskRow struct {
	SyncTask         `gorm:"embedded"`
	GroupID          int64
	GroupName        string
	Region           string
	SellingPartnerID string
	SellerStatus     string
	SellerDisabled   bool
	// SellerClientID is the seller's own application ("": the product's); SellerClientRefusedAt when Amazon
	// refused its secret.
	SellerClientID        string
	SellerClientRefusedAt *time.Time
	// SellerTokenless is 1 for a seller account without a refresh token (the demo's): nothing can sync it.
	SellerTokenless int
}

// SyncTaskFilter narrows the 数据同步 list: a store group, a kind, a state ("" or 0 for all); the user sees only
// the tasks of store groups granted to it.
type SyncTaskFilter struct {
	UserID        int64
	GroupID       int64
	Kind, State   string
	Offset, Limit int
}

func syncTasks(db *models.DB, companyID int64, f SyncTaskFilter) *gorm.DB {
	q := db.Table("sync_tasks").Scopes(models.InCompany("sync_tasks", companyID)).
		Joins("JOIN sellers ON sellers.id = sync_tasks.seller_id").
		Joins("JOIN store_groups ON store_groups.id = sellers.group_id").
		Scopes(models.InGrantedGroups("sellers.group_id", f.UserID))
	if f.GroupID != 0 {
		q = q.Where("sellers.group_id = ?", f.GroupID)
	}
	if f.Kind != "" {
		q = q.Where("sync_tasks.kind = ?", f.Kind)
	}
	if f.State != "" {
		q = q.Where("sync_tasks.state = ?", f.State)
	}
	return q
}

// SyncTaskPage lists a page of the tasks the user may see, by store group, region and kind, with the total.
// kindOrder is the kinds in the screen's order.
func SyncTaskPage(db *models.DB, companyID int64, f SyncTaskFilter, kindOrder []string) ([]SyncTaskRow, int64, error) {
	rows := []SyncTaskRow{}
	kind := "CASE sync_tasks.kind"
	args := []any{}
	for i, k := range kindOrder {
		kind += " WHEN ? THEN " + strconv.Itoa(i)
		args = append(args, k)
	}
	kind += " ELSE " + strconv.Itoa(len(kindOrder)) + " END"
	order := func(q *gorm.DB) *gorm.DB {
		return q.Order("store_groups.name, store_groups.id, sellers.region").
			Order(clause.Expr{SQL: kind, Vars: args}).Order("sync_tasks.id")
	}
	p := models.PageQuery{Matching: func() *gorm.DB { return syncTasks(db, companyID, f) }, ID: "sync_tasks.id",
		Order: models.OrderedBy(order), Offset: f.Offset, Limit: f.Limit}
	total, err := models.ReadPage(db, p, func() *gorm.DB {
		return syncTasks(db, companyID, SyncTaskFilter{UserID: f.UserID}).
			Select("sync_tasks.*, sellers.group_id, store_groups.name AS group_name, sellers.region, " +
				"sellers.selling_partner_id, sellers.status AS seller_status, sellers.disabled AS seller_disabled, " +
				"sellers.client_id AS seller_client_id, sellers.client_refused_at AS seller_client_refused_at, " +
				"CASE WHEN sellers.refresh_token = '' THEN 1 ELSE 0 END AS seller_tokenless")
	}, &rows)
	return rows, total, err
}

// VisibleSyncTask loads one of the company's tasks with its store, if the user may see its store group, or
// ErrNotFound.
func VisibleSyncTask(db *models.DB, companyID, userID, id int64) (*SyncTaskRow, error) {
	var row SyncTaskRow
	err := syncTasks(db, companyID, SyncTaskFilter{UserID: userID}).
		Select("sync_tasks.*, sellers.group_id, store_groups.name AS group_name, sellers.region, "+
			"sellers.selling_partner_id, sellers.status AS seller_status, sellers.disabled AS seller_disabled, "+
			"sellers.client_id AS seller_client_id, sellers.client_refused_at AS seller_client_refused_at, "+
			"CASE WHEN sellers.refresh_token = '' THEN 1 ELSE 0 END AS seller_tokenless").
		Where("sync_tasks.id = ?", id).Take(&row).Error
	if err != nil {
		return nil, err
	}
	return &row, nil
}

// SellersLackingAdTasks lists the active seller accounts of a company (0: of every company) whose store group
// has advertising authorised in their region, in use, and that lack one of the advertising kinds' tasks: they
// get theirs lazily, like SellersLackingSyncTasks.
func SellersLackingAdTasks(db *models.DB, companyID int64, adKinds []string) ([]stores.Seller, error) {
	out := []stores.Seller{}
	q := db.Model(&stores.Seller{})
	if companyID != 0 {
		q = q.Scopes(models.InCompany("sellers", companyID))
	}
	err := q.Where("sellers.disabled = ? AND sellers.status = ? AND sellers.refresh_token <> ''", false, stores.SellerActive).
		Where(`EXISTS (SELECT 1 FROM adv_auths WHERE adv_auths.company_id = sellers.company_id
			AND adv_auths.group_id = sellers.group_id AND adv_auths.region = sellers.region AND adv_auths.disabled = ?)`, false).
		Where("(SELECT COUNT(*) FROM sync_tasks WHERE sync_tasks.seller_id = sellers.id AND sync_tasks.kind IN ?) < ?",
			adKinds, len(adKinds)).
		Order("sellers.id").Find(&out).Error
	return out, err
}

// SellersLackingVATTasks lists the active European seller accounts of a company (0: of every company) whose store
// group is enrolled in Amazon's VAT calculation service in one of the account's marketplaces (vat_settings'
// vcs_enrolled) and that lack one of vatKinds' tasks.
func SellersLackingVATTasks(db *models.DB, companyID int64, vatKinds []string) ([]stores.Seller, error) {
	out := []stores.Seller{}
	q := db.Model(&stores.Seller{})
	if companyID != 0 {
		q = q.Scopes(models.InCompany("sellers", companyID))
	}
	err := q.Where("sellers.disabled = ? AND sellers.status = ? AND sellers.refresh_token <> '' AND sellers.region = ?",
		false, stores.SellerActive, "EU").
		Where(`EXISTS (SELECT 1 FROM vat_settings JOIN seller_marketplaces sm ON sm.seller_id = sellers.id
			AND sm.marketplace_id = vat_settings.marketplace_id WHERE vat_settings.company_id = sellers.company_id
			AND vat_settings.group_id = sellers.group_id AND vat_settings.vcs_enrolled = ?)`, true).
		Where("(SELECT COUNT(*) FROM sync_tasks WHERE sync_tasks.seller_id = sellers.id AND sync_tasks.kind IN ?) < ?",
			vatKinds, len(vatKinds)).
		Order("sellers.id").Find(&out).Error
	return out, err
}
