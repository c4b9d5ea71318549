package datasync

import (
	"time"

	"gorm.io/gorm"

	"sellerhub/models"
)

// SyncRun is one run of a data sync (its Status one of a task's: SyncRunning, SyncDone, SyncFailed) (the history
// of 数据同步): what started it, when, how it ended and how much it read and wrote. A hand upload is a run too
// (cause 上传, with the file's name and who sent it), SyncQueued until its import job takes it.
type SyncRun struct {
	ID         int64 `gorm:"primaryKey;autoIncrement:false"`
	CompanyID  int64
	SellerID   int64
	TaskID     int64
	Kind       string
	Cause      string
	Status     string
	FileName   string
	UserID     *int64
	Lines      int64
	Written    int64
	Error      string
	StartedAt  time.Time
	FinishedAt *time.Time
}

// What started a run.
const (
	SyncByTimer  = "定时"
	SyncByHand   = "手动"
	SyncByAuth   = "授权"
	SyncByUpload = "上传"
	// SyncByDemo: the demo company's data, read at the first start from the stand-in's simulated reports.
	SyncByDemo = "演示"
)

// BeforeCreate gives a new run its id.
func (r *SyncRun) BeforeCreate(*gorm.DB) error {
	if r.ID == 0 {
		r.ID = models.NewID()
	}
	return nil
}

// SyncReport is one report of a run at Amazon: asked for one marketplace (or the whole account) and data window,
// or, for settlements, one Amazon made. ReportID once known lets a resumed job poll the same report.
type SyncReport struct {
	ID            int64 `gorm:"primaryKey;autoIncrement:false"`
	CompanyID     int64
	SellerID      int64
	RunID         int64
	Seq           int
	Kind          string
	MarketplaceID string
	DataStart     *time.Time
	DataEnd       *time.Time
	ReportID      string
	State         string
	DocumentID    string
	MadeAt        *time.Time
	Lines         int64
	Written       int64
	// ReportType and ProfileID name an advertising report (Reporting v3's reportTypeId and Amazon's profile id);
	// empty and nil for the Selling Partner's reports, whose type is their kind's.
	ReportType string
	ProfileID  *int64
	CreatedAt  time.Time
	UpdatedAt  time.Time
}

// SyncReportImported is the state of a report whose data is in.
const SyncReportImported = "imported"

// BeforeCreate gives a new report its id.
func (r *SyncReport) BeforeCreate(*gorm.DB) error {
	if r.ID == 0 {
		r.ID = models.NewID()
	}
	return nil
}

// CreateSyncRun records a run.
func CreateSyncRun(db *models.DB, r *SyncRun) error { return db.Create(r).Error }

// SyncRunByID loads a run, or ErrNotFound.
func SyncRunByID(db *models.DB, companyID, id int64) (*SyncRun, error) {
	var r SyncRun
	if err := db.Scopes(models.InCompany("sync_runs", companyID)).Take(&r, "sync_runs.id = ?", id).Error; err != nil {
		return nil, err
	}
	return &r, nil
}

// UpdateSyncRun changes the given columns of the company's run; another company's id changes nothing.
func UpdateSyncRun(db *models.DB, companyID, id int64, changes map[string]any) error {
	return db.Model(&SyncRun{}).Scopes(models.InCompany("sync_runs", companyID)).Where("sync_runs.id = ?", id).
		Updates(changes).Error
}

// CreateSyncReports records a run's planned reports.
func CreateSyncReports(db *models.DB, rs []SyncReport) error {
	if len(rs) == 0 {
		return nil
	}
	return db.Create(&rs).Error
}

// SyncReportsOfRun loads the reports of the company's run in their order.
func SyncReportsOfRun(db *models.DB, companyID, runID int64) ([]SyncReport, error) {
	out := []SyncReport{}
	err := db.Scopes(models.InCompany("sync_reports", companyID)).Where("sync_reports.run_id = ?", runID).
		Order("sync_reports.seq").Find(&out).Error
	return out, err
}

// UpdateSyncReport changes the given columns of the company's report; another company's id changes nothing.
func UpdateSyncReport(db *models.DB, companyID, id int64, changes map[string]any) error {
	return db.Model(&SyncReport{}).Scopes(models.InCompany("sync_reports", companyID)).Where("sync_reports.id = ?", id).
		Updates(changes).Error
}

// ImportedReports tells which of Amazon's report ids are already in for the company's seller account
// (settlements, which Amazon lists again on every look).
func ImportedReports(db *models.DB, companyID, sellerID int64, reportIDs []string) (map[string]bool, error) {
	out := map[string]bool{}
	if len(reportIDs) == 0 {
		return out, nil
	}
	var ids []string
	err := db.Model(&SyncReport{}).Scopes(models.InCompany("sync_reports", companyID)).
		Where("sync_reports.seller_id = ? AND sync_reports.state = ? AND sync_reports.report_id IN ?",
			sellerID, SyncReportImported, reportIDs).
		Pluck("sync_reports.report_id", &ids).Error
	for _, id := range ids {
		out[id] = true
	}
	return out, err
}

// SyncRunRow is a run as the history shows it, with its store.
type SyncRunRow struct {
	SyncRun          `gorm:"embedded"`
	GroupName        string
	Region           string
	SellingPartnerID string
}

// SyncRunFilter narrows the history: a task, a store group, a kind (0 or "" for all); the user sees only the
// runs of store groups granted to it.
type SyncRunFilter struct {
	UserID        int64
	TaskID        int64
	GroupID       int64
	Kind          string
	Offset, Limit int
	Anchor        models.Anchor
}

func syncRuns(db *models.DB, companyID int64, f SyncRunFilter) *gorm.DB {
	q := db.Table("sync_runs").Scopes(models.InCompany("sync_runs", companyID)).
		Joins("JOIN sellers ON sellers.id = sync_runs.seller_id").
		Joins("JOIN store_groups ON store_groups.id = sellers.group_id").
		Scopes(models.InGrantedGroups("sellers.group_id", f.UserID))
	if f.TaskID != 0 {
		q = q.Where("sync_runs.task_id = ?", f.TaskID)
	}
	if f.GroupID != 0 {
		q = q.Where("sellers.group_id = ?", f.GroupID)
	}
	if f.Kind != "" {
		q = q.Where("sync_runs.kind = ?", f.Kind)
	}
	return q
}

// SyncRunPage lists a page of the runs the user may see, newest first, with the total.
func SyncRunPage(db *models.DB, companyID int64, f SyncRunFilter) ([]SyncRunRow, int64, error) {
	rows := []SyncRunRow{}
	p := models.PageQuery{Matching: func() *gorm.DB { return syncRuns(db, companyID, f) }, ID: "sync_runs.id",
		Order: models.ByKeys("sync_runs", true, "started_at"), Offset: f.Offset, Limit: f.Limit, Anchor: f.Anchor}
	total, err := models.ReadPage(db, p, func() *gorm.DB {
		return syncRuns(db, companyID, SyncRunFilter{UserID: f.UserID}).
			Select("sync_runs.*, store_groups.name AS group_name, sellers.region, sellers.selling_partner_id")
	}, &rows)
	return rows, total, err
}
