// Package messages holds notifications (announcements, reminders, system messages), their targets and the
// pull that delivers a company's announcements to each user.
package messages

import (
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"sellerhub/models"
	"sellerhub/models/accounts"
)

// Kinds of notification (ftype), as the clients number them.
const (
	FtypeAnnouncement = 1 // 系统消息: from the company's admins to everyone in it
	FtypeReminder     = 2 // 我的提醒
	FtypeMessage      = 3 // 我的私信
)

// ActionTimely marks an urgent notification: the shell pops it up in the 提醒 dialog while it is unread.
const ActionTimely = "timely"

// Notification is one announcement, reminder or private message. RecipientID nil means the whole company: such
// a notification is delivered lazily, a target per user at the user's pull, so that publishing costs one row
// whatever the company's size. One addressed to a user gets its target when it is created.
type Notification struct {
	ID          int64 `gorm:"primaryKey;autoIncrement:false"`
	CompanyID   int64
	Title       string
	Content     string
	Ftype       int
	Action      string
	SenderID    int64
	RecipientID *int64
	// Withdrawn notifications are no longer delivered. Counts and lists read targets only, so withdrawing one
	// that was already delivered must delete its targets too.
	Withdrawn bool
	CreatedAt time.Time
}

// BeforeCreate gives a new notification its id.
func (n *Notification) BeforeCreate(*gorm.DB) error {
	if n.ID == 0 {
		n.ID = models.NewID()
	}
	return nil
}

// NotificationTarget is the delivery of a notification to one user and whether that user has read it.
// CreatedAt is when it was delivered.
type NotificationTarget struct {
	ID             int64 `gorm:"primaryKey;autoIncrement:false"`
	NotificationID int64
	UserID         int64
	CompanyID      int64
	Ftype          int
	IsRead         bool
	ReadAt         *time.Time
	CreatedAt      time.Time
}

// BeforeCreate gives a new target its id.
func (t *NotificationTarget) BeforeCreate(*gorm.DB) error {
	if t.ID == 0 {
		t.ID = models.NewID()
	}
	return nil
}

// InboxItem is a notification as one user sees it: the notification with that user's read state.
type InboxItem struct {
	ID        int64 // the notification's id
	Title     string
	Content   string
	Ftype     int
	Action    string
	CreatedAt time.Time
	IsRead    bool
}

// CreateNotification stores a notification; one addressed to a user is delivered to that user in the same
// transaction. The recipient must belong to the notification's company.
func CreateNotification(db *models.DB, n *Notification) error {
	return db.Transaction(func(tx *gorm.DB) error {
		if err := tx.Create(n).Error; err != nil {
			return err
		}
		if n.RecipientID == nil {
			return nil
		}
		return tx.Create(&NotificationTarget{NotificationID: n.ID, UserID: *n.RecipientID, CompanyID: n.CompanyID,
			Ftype: n.Ftype, CreatedAt: n.CreatedAt}).Error
	})
}

// deliverBatch bounds the rows of one insert, well below every database's limit on bound parameters.
const deliverBatch = 500

// pending selects the company's notifications for everyone awaiting the user's next pull: created after the user's
// account, not withdrawn, not yet delivered to the user. The candidates are one range of
// notifications_company_recipient, each checked against the unique key, so the cost grows with the announcements
// since the user joined, not with the table.
func pending(db *models.DB, companyID, userID int64) *gorm.DB {
	return db.Model(&Notification{}).Scopes(models.InCompany("notifications", companyID)).
		Where("notifications.recipient_id IS NULL AND notifications.withdrawn = ?", false).
		Where("notifications.created_at > (SELECT users.created_at FROM users WHERE users.id = ? AND users.company_id = ?)",
			userID, companyID).
		Where("NOT EXISTS (SELECT 1 FROM notification_targets WHERE notification_targets.notification_id = notifications.id"+
			" AND notification_targets.user_id = ?)", userID)
}

// DeliverPending gives the user a target for each of the company's notifications that wait for the user's pull
// (pending), and returns how many it delivered. Concurrent pulls are safe: the unique (notification_id, user_id)
// key lets one insert of a row win and the others are ignored, so each is counted once.
func DeliverPending(db *models.DB, companyID, userID int64, at time.Time) (int64, error) {
	var waiting []Notification
	err := pending(db, companyID, userID).Select("notifications.id, notifications.ftype").
		// A fixed order makes concurrent inserts take their locks in the same order (no InnoDB deadlock).
		Order("notifications.id").Find(&waiting).Error
	if err != nil || len(waiting) == 0 {
		return 0, err
	}
	targets := make([]NotificationTarget, len(waiting))
	for i, n := range waiting {
		targets[i] = NotificationTarget{NotificationID: n.ID, UserID: userID, CompanyID: companyID, Ftype: n.Ftype,
			CreatedAt: at}
	}
	res := db.Clauses(clause.OnConflict{DoNothing: true}).CreateInBatches(targets, deliverBatch)
	return res.RowsAffected, res.Error
}

// UnreadCount is how many unread notifications of one ftype a user has.
type UnreadCount struct {
	Ftype int
	Nums  int64
}

// UnreadCounts counts the user's unread notifications per ftype: the delivered ones not read (an index-only range
// of notification_targets_unread) and those waiting for the user's next pull, which arrive unread. One statement
// counts both, so a pull running meanwhile moves a notification from one part to the other without it being
// counted twice or missed. Ftypes without unread items are absent.
func UnreadCounts(db *models.DB, companyID, userID int64) ([]UnreadCount, error) {
	delivered := db.Model(&NotificationTarget{}).Select("notification_targets.ftype").
		Scopes(models.InCompany("notification_targets", companyID)).
		Where("notification_targets.user_id = ? AND notification_targets.is_read = ?", userID, false)
	waiting := pending(db, companyID, userID).Select("notifications.ftype")
	var counts []UnreadCount
	err := db.Raw("SELECT ftype, COUNT(*) AS nums FROM (? UNION ALL ?) AS unread GROUP BY ftype ORDER BY ftype",
		delivered, waiting).Scan(&counts).Error
	return counts, err
}

// inbox selects a user's delivered notifications with their read state; filters and order come on top.
func inbox(db *models.DB, companyID, userID int64) *gorm.DB {
	return db.Table("notification_targets").
		Select("notifications.id, notifications.title, notifications.content, notifications.ftype, "+
			"notifications.action, notifications.created_at, notification_targets.is_read").
		Joins("JOIN notifications ON notifications.id = notification_targets.notification_id").
		Scopes(models.InCompany("notification_targets", companyID)).
		Where("notification_targets.user_id = ?", userID)
}

// UnreadSince lists the user's unread notifications created at or after since, newest first, at most limit.
// The user's unread rows come from notification_targets_unread; each joins its notification by primary key.
func UnreadSince(db *models.DB, companyID, userID int64, since time.Time, limit int) ([]InboxItem, error) {
	items := []InboxItem{}
	err := inbox(db, companyID, userID).
		Where("notification_targets.is_read = ? AND notifications.created_at >= ?", false, since).
		Order("notification_targets.notification_id DESC").Limit(limit).Scan(&items).Error
	return items, err
}

// InboxList lists the user's notifications of a ftype from offset, newest first, at most limit. It walks
// notification_targets_list, whose order is the list's order, and joins each notification by primary key.
func InboxList(db *models.DB, companyID, userID int64, ftype, offset, limit int) ([]InboxItem, error) {
	items := []InboxItem{}
	err := inbox(db, companyID, userID).Where("notification_targets.ftype = ?", ftype).
		Order("notification_targets.notification_id DESC").Offset(offset).Limit(limit).Scan(&items).Error
	return items, err
}

// InboxCount counts the user's notifications of a ftype, index-only over notification_targets_list, up to the
// list cap (MoreThan past it).
func InboxCount(db *models.DB, companyID, userID int64, ftype int) (int64, error) {
	return db.CountCapped(db.Model(&NotificationTarget{}).Scopes(models.InCompany("notification_targets", companyID)).
		Where("user_id = ? AND ftype = ?", userID, ftype))
}

// MarkRead marks the user's own targets of the given notifications read and returns how many changed. Ids of
// other users' or companies' notifications match none of the user's rows and change nothing.
func MarkRead(db *models.DB, companyID, userID int64, notificationIDs []int64, at time.Time) (int64, error) {
	if len(notificationIDs) == 0 {
		return 0, nil
	}
	res := db.Model(&NotificationTarget{}).Scopes(models.InCompany("notification_targets", companyID)).
		Where("user_id = ? AND is_read = ? AND notification_id IN ?", userID, false, notificationIDs).
		Updates(map[string]any{"is_read": true, "read_at": at})
	return res.RowsAffected, res.Error
}

// MarkAllRead marks every unread target of the user read and returns how many changed.
func MarkAllRead(db *models.DB, companyID, userID int64, at time.Time) (int64, error) {
	res := db.Model(&NotificationTarget{}).Scopes(models.InCompany("notification_targets", companyID)).
		Where("user_id = ? AND is_read = ?", userID, false).
		Updates(map[string]any{"is_read": true, "read_at": at})
	return res.RowsAffected, res.Error
}

// Published is a notification an admin published, as the notification admin screen lists it: who sent it, to
// whom (nobody named: the whole company), and how many have read it.
type Published struct {
	Notification
	SenderName    string
	RecipientName string
	ReadCount     int64
}

// publishedFtypes are what admins publish: announcements and company reminders (private messages come from the
// modules and are not the admin's to withdraw).
var publishedFtypes = []int{FtypeAnnouncement, FtypeReminder}

func published(db *models.DB, companyID int64) *gorm.DB {
	return db.Model(&Notification{}).Scopes(models.InCompany("notifications", companyID)).
		Where("notifications.ftype IN ?", publishedFtypes)
}

// CountPublished counts the company's published notifications, up to the list cap (MoreThan past it).
func CountPublished(db *models.DB, companyID int64) (int64, error) {
	return db.CountCapped(published(db, companyID))
}

// PublishedPage lists the company's published notifications newest first, with sender, recipient and reads.
func PublishedPage(db *models.DB, companyID int64, offset, limit int) ([]Published, error) {
	out := []Published{}
	err := published(db, companyID).
		Select(`notifications.*, COALESCE(sp.name, '') AS sender_name, COALESCE(rp.name, '') AS recipient_name,
			(SELECT COUNT(*) FROM notification_targets nt WHERE nt.notification_id = notifications.id AND nt.is_read = ?) AS read_count`, true).
		Joins("LEFT JOIN user_profiles sp ON sp.user_id = notifications.sender_id").
		Joins("LEFT JOIN user_profiles rp ON rp.user_id = notifications.recipient_id").
		Order("notifications.created_at DESC, notifications.id DESC").Offset(offset).Limit(limit).Scan(&out).Error
	return out, err
}

// WithdrawNotification stops delivering a published notification and takes it back from everyone it reached, in
// one transaction. It reports false when the company has no such notification still out.
func WithdrawNotification(db *models.DB, companyID, id int64) (bool, error) {
	var withdrawn bool
	err := db.Transaction(func(tx *gorm.DB) error {
		res := tx.Model(&Notification{}).Scopes(models.InCompany("notifications", companyID)).
			Where("notifications.id = ? AND notifications.withdrawn = ? AND notifications.ftype IN ?", id, false, publishedFtypes).
			Update("withdrawn", true)
		if res.Error != nil || res.RowsAffected == 0 {
			return res.Error
		}
		withdrawn = true
		return tx.Where("company_id = ? AND notification_id = ?", companyID, id).Delete(&NotificationTarget{}).Error
	})
	return withdrawn, err
}

// ActiveMembers lists the company's active users as {id, name} (users/findOwnerAll and the audience choice).
func ActiveMembers(db *models.DB, companyID int64) ([]Member, error) {
	out := []Member{}
	err := db.Model(&accounts.User{}).Scopes(models.InCompany("users", companyID)).
		Select("users.id, COALESCE(NULLIF(user_profiles.name, ''), users.account) AS name").
		Joins("LEFT JOIN user_profiles ON user_profiles.user_id = users.id").
		Where("users.status = ?", accounts.StatusActive).Order("users.created_at, users.id").Scan(&out).Error
	return out, err
}

// Member is a user by id and display name.
type Member struct {
	ID   int64
	Name string
}
