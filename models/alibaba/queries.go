package alibaba

import (
	"time"

	"sellerhub/models"
)

// Accounts are the company's bound accounts, the newest first.
func Accounts(db *models.DB, companyID int64) ([]Account, error) {
	var out []Account
	err := db.Where("company_id = ?", companyID).Order("created_at DESC, id").Find(&out).Error
	return out, err
}

// AccountByID is one of the company's accounts.
func AccountByID(db *models.DB, companyID, id int64) (*Account, error) {
	var a Account
	if err := db.Where("company_id = ? AND id = ?", companyID, id).Take(&a).Error; err != nil {
		return nil, err
	}
	return &a, nil
}

// AccountByMember is the company's account of a 1688 member.
func AccountByMember(db *models.DB, companyID int64, member string) (*Account, error) {
	var a Account
	if err := db.Where("company_id = ? AND member_id = ?", companyID, member).Take(&a).Error; err != nil {
		return nil, err
	}
	return &a, nil
}

// SaveAccount creates or updates an account.
func SaveAccount(db *models.DB, a *Account) error { return db.Save(a).Error }

// UpdateAccount sets columns of an account.
func UpdateAccount(db *models.DB, companyID, id int64, set map[string]any) error {
	return db.Model(&Account{}).Where("company_id = ? AND id = ?", companyID, id).Updates(set).Error
}

// ClaimImport moves an account to queued unless an import is already queued or running; it reports whether it did.
func ClaimImport(db *models.DB, companyID, id int64, now time.Time) (bool, error) {
	res := db.Model(&Account{}).Where("company_id = ? AND id = ? AND import_state NOT IN ?", companyID, id,
		[]string{ImportQueued, ImportRunning}).
		Updates(map[string]any{"import_state": ImportQueued, "import_done": 0, "import_total": 0, "import_error": "", "updated_at": now})
	return res.RowsAffected == 1, res.Error
}

// DeleteAccount removes an account that imported nothing.
func DeleteAccount(db *models.DB, companyID, id int64) error {
	return db.Where("company_id = ? AND id = ?", companyID, id).Delete(&Account{}).Error
}

// CountOrders counts the orders an account imported.
func CountOrders(db *models.DB, companyID, accountID int64) (int64, error) {
	var n int64
	err := db.Model(&Order{}).Where("company_id = ? AND account_id = ?", companyID, accountID).Count(&n).Error
	return n, err
}

// OrderByAliID is the company's order of a 1688 id.
func OrderByAliID(db *models.DB, companyID int64, aliID string) (*Order, error) {
	var o Order
	if err := db.Where("company_id = ? AND ali_order_id = ?", companyID, aliID).Take(&o).Error; err != nil {
		return nil, err
	}
	return &o, nil
}

// OrderByID is one of the company's orders.
func OrderByID(db *models.DB, companyID, id int64) (*Order, error) {
	var o Order
	if err := db.Where("company_id = ? AND id = ?", companyID, id).Take(&o).Error; err != nil {
		return nil, err
	}
	return &o, nil
}

// Lines are an order's lines in their order.
func Lines(db *models.DB, companyID int64, orderIDs ...int64) ([]OrderLine, error) {
	var out []OrderLine
	if len(orderIDs) == 0 {
		return out, nil
	}
	err := db.Where("company_id = ? AND order_id IN ?", companyID, orderIDs).Order("order_id, offer_id, spec_id, id").Find(&out).Error
	return out, err
}

// Payments are orders' paid phases.
func Payments(db *models.DB, companyID int64, orderIDs ...int64) ([]Payment, error) {
	var out []Payment
	if len(orderIDs) == 0 {
		return out, nil
	}
	err := db.Where("company_id = ? AND order_id IN ?", companyID, orderIDs).Order("paid_at, id").Find(&out).Error
	return out, err
}

// Links are the company's product links of the offers named.
func Links(db *models.DB, companyID int64, offers []string) (map[[2]string]int64, error) {
	var rows []ProductLink
	out := map[[2]string]int64{}
	if len(offers) == 0 {
		return out, nil
	}
	if err := db.Where("company_id = ? AND offer_id IN ?", companyID, offers).Find(&rows).Error; err != nil {
		return nil, err
	}
	for _, r := range rows {
		out[[2]string{r.OfferID, r.SpecID}] = r.ProductID
	}
	return out, nil
}

// SaveLink says a local product is the offer and spec (replacing what said otherwise).
func SaveLink(db *models.DB, l ProductLink) error {
	if err := db.Where("company_id = ? AND offer_id = ? AND spec_id = ?", l.CompanyID, l.OfferID, l.SpecID).
		Delete(&ProductLink{}).Error; err != nil {
		return err
	}
	return db.Create(&l).Error
}

// OrderFilter narrows the order list.
type OrderFilter struct {
	AccountID int64
	Search    string // a part of the 1688 order id or the seller's name
	Unmapped  bool   // only orders waiting for their lines' products
	From, To  *time.Time
}

// OrdersIn are the company's orders by the filter, the newest first (at most limit).
func OrdersIn(db *models.DB, companyID int64, f OrderFilter, limit int) ([]Order, error) {
	q := db.Where("company_id = ?", companyID)
	if f.AccountID != 0 {
		q = q.Where("account_id = ?", f.AccountID)
	}
	if f.Search != "" {
		like, esc := models.ContainsPattern(f.Search), " LIKE ? ESCAPE '"+models.LikeEscape+"'"
		q = q.Where("(ali_order_id"+esc+" OR seller_name"+esc+" OR seller_login_id"+esc+")", like, like, like)
	}
	if f.Unmapped {
		q = q.Where("lines_unmapped > 0")
	}
	if f.From != nil {
		q = q.Where("ordered_at >= ?", *f.From)
	}
	if f.To != nil {
		q = q.Where("ordered_at < ?", *f.To)
	}
	var out []Order
	err := q.Order("ordered_at DESC, id").Limit(limit).Find(&out).Error
	return out, err
}

// DueAccounts are the active accounts of every company whose last import, done or failed, ended before the time:
// the periodic import's next ones. An account never imported waits for its first import, which binding queues.
func DueAccounts(db *models.DB, before time.Time) ([]Account, error) {
	var out []Account
	err := db.Where("status = ? AND import_state IN ? AND imported_at IS NOT NULL AND imported_at <= ?", AccountActive,
		[]string{ImportDone, ImportFailed}, before).Order("id").Find(&out).Error
	return out, err
}
