package admin

import (
	"time"

	"gorm.io/gorm"

	"sellerhub/models"
)

// OperationLog is one successful change made through the admin screens: who (the user and the name they had),
// what (the action's readable name, the call, the target's id and the masked request body) and when.
type OperationLog struct {
	ID        int64 `gorm:"primaryKey;autoIncrement:false"`
	CompanyID int64
	UserID    int64
	UserName  string
	Method    string
	Path      string
	Action    string
	TargetID  string
	// Subject names the target as people know it (a SKU, a document number, a name); Summary says in words
	// what changed. Detail is the masked request body, kept for auditing.
	Subject   string
	Summary   string
	Detail    string
	IP        string `gorm:"column:ip"`
	Status    int
	CreatedAt time.Time
}

// BeforeCreate gives a new entry its id.
func (l *OperationLog) BeforeCreate(*gorm.DB) error {
	if l.ID == 0 {
		l.ID = models.NewID()
	}
	return nil
}

// OperationLogFilter narrows the log: User and Action are parts of the user's name and of the action, From and
// To bound the time (zero for open), To excluded.
type OperationLogFilter struct {
	User, Action string
	From, To     time.Time
	Anchor       models.Anchor
}

// CreateOperationLog stores an entry.
func CreateOperationLog(db *models.DB, l *OperationLog) error { return db.Create(l).Error }

func operationLogs(db *models.DB, companyID int64, f OperationLogFilter) *gorm.DB {
	q := db.Model(&OperationLog{}).Scopes(models.InCompany("operation_logs", companyID))
	if f.User != "" {
		q = q.Where("operation_logs.user_name LIKE ? ESCAPE '"+models.LikeEscape+"'", models.ContainsPattern(f.User))
	}
	if f.Action != "" {
		q = q.Where("operation_logs.action LIKE ? ESCAPE '"+models.LikeEscape+"'", models.ContainsPattern(f.Action))
	}
	if !f.From.IsZero() {
		q = q.Where("operation_logs.created_at >= ?", f.From)
	}
	if !f.To.IsZero() {
		q = q.Where("operation_logs.created_at < ?", f.To)
	}
	return q
}

// OperationLogPage lists a page of the company's log entries that pass the filter, newest first unless
// oldestFirst, with the total.
func OperationLogPage(db *models.DB, companyID int64, f OperationLogFilter, oldestFirst bool, offset, limit int) ([]OperationLog, int64, error) {
	rows := []OperationLog{}
	p := models.PageQuery{Matching: func() *gorm.DB { return operationLogs(db, companyID, f) }, ID: "operation_logs.id",
		Order: models.ByKeys("operation_logs", !oldestFirst, "created_at"), Offset: offset, Limit: limit, Anchor: f.Anchor}
	total, err := models.ReadPage(db, p, func() *gorm.DB { return operationLogs(db, companyID, OperationLogFilter{}) }, &rows)
	return rows, total, err
}
