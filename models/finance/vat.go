package finance

import (
	"strconv"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"sellerhub/models"
)

// VATSetting is a store group's VAT registration in a European marketplace: the number, the seller's name and
// address as its invoices print them, and the invoice numbers' prefix.
type VATSetting struct {
	CompanyID     int64  `gorm:"primaryKey"`
	GroupID       int64  `gorm:"primaryKey"`
	MarketplaceID string `gorm:"primaryKey"`
	VATNumber     string `gorm:"column:vat_number"`
	SellerName    string
	SellerAddress string
	Prefix        string
	// VCSEnrolled: the store group is enrolled in Amazon's VAT calculation service in the marketplace, whose VAT
	// transactions report gives its orders' VAT.
	VCSEnrolled bool `gorm:"column:vcs_enrolled"`
	UpdatedAt   time.Time
}

// TableName is vat_settings.
func (VATSetting) TableName() string { return "vat_settings" }

// VATSettingRow is a setting with its store group's name.
type VATSettingRow struct {
	VATSetting `gorm:"embedded"`
	GroupName  string
}

// VATSettings lists the settings of the store groups userID is granted, by group and marketplace.
func VATSettings(db *models.DB, companyID, userID int64) ([]VATSettingRow, error) {
	rows := []VATSettingRow{}
	err := db.Table("vat_settings").Scopes(models.InCompany("vat_settings", companyID),
		models.InGrantedGroups("vat_settings.group_id", userID)).
		Joins("JOIN store_groups ON store_groups.id = vat_settings.group_id").
		Select("vat_settings.*, store_groups.name AS group_name").
		Order("store_groups.name, vat_settings.marketplace_id").Scan(&rows).Error
	return rows, err
}

// VATSettingOf is a group's setting in a marketplace, or ErrRecordNotFound.
func VATSettingOf(db *models.DB, companyID, groupID int64, marketplaceID string) (*VATSetting, error) {
	var s VATSetting
	err := db.Where("company_id = ? AND group_id = ? AND marketplace_id = ?", companyID, groupID, marketplaceID).Take(&s).Error
	if err != nil {
		return nil, err
	}
	return &s, nil
}

// SaveVATSetting writes a group's setting in a marketplace, replacing the one it had.
func SaveVATSetting(db *models.DB, s *VATSetting) error {
	return db.Clauses(clause.OnConflict{
		Columns:   []clause.Column{{Name: "company_id"}, {Name: "group_id"}, {Name: "marketplace_id"}},
		DoUpdates: clause.AssignmentColumns([]string{"vat_number", "seller_name", "seller_address", "prefix", "vcs_enrolled", "updated_at"}),
	}).Create(s).Error
}

// VATInvoice is an invoice issued for an order: its number in its group's and marketplace's sequence (Seq, from
// 1 without gaps), and what it said: the VAT number, the currency, the gross and VAT in Money's units and the rate
// in hundredths of a percent.
type VATInvoice struct {
	ID            int64 `gorm:"primaryKey;autoIncrement:false"`
	CompanyID     int64
	GroupID       int64
	SellerID      int64
	MarketplaceID string
	AmazonOrderID string
	Seq           int64
	Number        string
	VATNumber     string `gorm:"column:vat_number"`
	Currency      string
	Gross         int64
	VAT           int64 `gorm:"column:vat"`
	Rate          int
	IssuedBy      *int64
	IssuedAt      time.Time
	// VATSource is where its VAT came from: VATFromReport or VATComputed.
	VATSource string `gorm:"column:vat_source"`
}

// Where an invoice's or an order's VAT came from: Amazon's VAT transactions report, or computed at the
// marketplace's standard rate.
const (
	VATFromReport = "report"
	VATComputed   = "computed"
)

// TableName is vat_invoices.
func (VATInvoice) TableName() string { return "vat_invoices" }

// VATInvoiceOf is the invoice of a seller account's order, or ErrRecordNotFound.
func VATInvoiceOf(db *models.DB, companyID, sellerID int64, amazonOrderID string) (*VATInvoice, error) {
	var v VATInvoice
	err := db.Where("company_id = ? AND seller_id = ? AND amazon_order_id = ?", companyID, sellerID, amazonOrderID).Take(&v).Error
	if err != nil {
		return nil, err
	}
	return &v, nil
}

// NextVATSeq raises the sequence of a VAT number in a marketplace by one inside tx and answers the number it
// reached: one sequence per registration, whichever store group issues, so groups sharing a VAT number neither
// repeat nor skip each other's numbers. The sequence's row is locked until tx ends (SQLite's immediate
// transaction holds the one write lock), so concurrent issuers take numbers in turn, and a transaction that fails
// gives its number back.
func NextVATSeq(tx *models.DB, companyID int64, marketplaceID, vatNumber string) (int64, error) {
	err := tx.Exec("INSERT INTO vat_invoice_sequences (company_id, marketplace_id, vat_number, last_no) VALUES (?, ?, ?, 0) "+
		"ON CONFLICT (company_id, marketplace_id, vat_number) DO NOTHING", companyID, marketplaceID, vatNumber).Error
	if err != nil {
		return 0, err
	}
	where := "company_id = ? AND marketplace_id = ? AND vat_number = ?"
	if err := tx.Exec("UPDATE vat_invoice_sequences SET last_no = last_no + 1 WHERE "+where, companyID, marketplaceID, vatNumber).Error; err != nil {
		return 0, err
	}
	var n int64
	err = tx.Table("vat_invoice_sequences").Where(where, companyID, marketplaceID, vatNumber).Select("last_no").Scan(&n).Error
	return n, err
}

// VATPrefixOfNumber is the invoice prefix another store group of the company uses for a VAT number in a
// marketplace ("" when none does): the groups of one registration share its sequence, and so its prefix.
func VATPrefixOfNumber(db *models.DB, companyID, exceptGroupID int64, marketplaceID, vatNumber string) (string, error) {
	var prefixes []string
	err := db.Table("vat_settings").Where("company_id = ? AND group_id <> ? AND marketplace_id = ? AND vat_number = ?",
		companyID, exceptGroupID, marketplaceID, vatNumber).Order("group_id").Limit(1).Pluck("prefix", &prefixes).Error
	if err != nil || len(prefixes) == 0 {
		return "", err
	}
	return prefixes[0], nil
}

// VATEnrolled lists the company's store groups and marketplaces enrolled in the VAT calculation service.
func VATEnrolled(db *models.DB, companyID int64) (map[[2]string]bool, error) {
	var rows []VATSetting
	err := db.Where("company_id = ? AND vcs_enrolled = ?", companyID, true).Find(&rows).Error
	out := map[[2]string]bool{}
	for _, r := range rows {
		out[[2]string{strconv.FormatInt(r.GroupID, 10), r.MarketplaceID}] = true
	}
	return out, err
}

// VATReportSale is a SALE line of the VAT transactions report: a SKU's part of an order, VAT-inclusive amounts
// and their VAT in Money's units, the rate in hundredths of a percent.
type VATReportSale struct {
	SellerID           int64
	TransactionEventID string
	SellerSKU          string `gorm:"column:seller_sku"`
	Qty                int
	Currency           string
	ItemsVATIncl       int64  `gorm:"column:items_vat_incl"`
	ItemsVAT           int64  `gorm:"column:items_vat"`
	ShipVATIncl        int64  `gorm:"column:ship_vat_incl"`
	ShipVAT            int64  `gorm:"column:ship_vat"`
	GiftWrapVATIncl    int64  `gorm:"column:gift_wrap_vat_incl"`
	GiftWrapVAT        int64  `gorm:"column:gift_wrap_vat"`
	TotalVATIncl       int64  `gorm:"column:total_vat_incl"`
	TotalVAT           int64  `gorm:"column:total_vat"`
	VATRate            int    `gorm:"column:vat_rate"`
	BuyerVATNumber     string `gorm:"column:buyer_vat_number"`
}

const vatSaleColumns = "vat_transactions.seller_id, vat_transactions.transaction_event_id, vat_transactions.seller_sku, " +
	"vat_transactions.qty, vat_transactions.currency, vat_transactions.items_vat_incl, vat_transactions.items_vat, " +
	"vat_transactions.ship_vat_incl, vat_transactions.ship_vat, vat_transactions.gift_wrap_vat_incl, " +
	"vat_transactions.gift_wrap_vat, vat_transactions.total_vat_incl, vat_transactions.total_vat, vat_transactions.vat_rate, " +
	"vat_transactions.buyer_vat_number"

// VATReportSalesOf lists the report's SALE lines of the given orders of a seller account, by order and SKU.
func VATReportSalesOf(db *models.DB, companyID, sellerID int64, orderIDs []string) ([]VATReportSale, error) {
	rows := []VATReportSale{}
	if len(orderIDs) == 0 {
		return rows, nil
	}
	err := db.Table("vat_transactions").Scopes(models.InCompany("vat_transactions", companyID)).
		Where("vat_transactions.seller_id = ? AND vat_transactions.transaction_type = ? AND vat_transactions.transaction_event_id IN ?",
			sellerID, "SALE", orderIDs).
		Select(vatSaleColumns).Order("vat_transactions.transaction_event_id, vat_transactions.seller_sku, vat_transactions.activity_transaction_id").
		Scan(&rows).Error
	return rows, err
}

// VATMonthReportSales lists the report's SALE lines of the orders f selects (its page ignored).
func VATMonthReportSales(db *models.DB, companyID int64, f VATOrderFilter) ([]VATReportSale, error) {
	rows := []VATReportSale{}
	err := f.scope(db, companyID).
		Joins("JOIN vat_transactions ON vat_transactions.company_id = amazon_orders.company_id AND vat_transactions.seller_id = amazon_orders.seller_id "+
			"AND vat_transactions.transaction_event_id = amazon_orders.amazon_order_id AND vat_transactions.transaction_type = ?", "SALE").
		Select(vatSaleColumns).Scan(&rows).Error
	return rows, err
}

// VATOrderFilter selects the orders of European marketplaces of the store groups UserID is granted, not
// cancelled, bought from Since to Before, of a group and marketplace when named, whose order id contains Keyword.
type VATOrderFilter struct {
	UserID        int64
	GroupID       int64
	Marketplaces  []string
	Since, Before time.Time
	Keyword       string
	Offset, Limit int
	Anchor        models.Anchor
}

func (f VATOrderFilter) scope(db *models.DB, companyID int64) *gorm.DB {
	q := db.Table("amazon_orders").Scopes(models.InCompany("amazon_orders", companyID),
		models.InGrantedGroups("amazon_orders.group_id", f.UserID)).
		Where("amazon_orders.marketplace_id IN ? AND amazon_orders.order_status <> ?", f.Marketplaces, "Cancelled").
		Where("amazon_orders.purchase_date >= ? AND amazon_orders.purchase_date < ?", f.Since.UTC(), f.Before.UTC())
	if f.GroupID != 0 {
		q = q.Where("amazon_orders.group_id = ?", f.GroupID)
	}
	return db.ContainsKeyword(q, f.Keyword, "amazon_orders.amazon_order_id")
}

// VATOrder is an order as VAT发票 lists it, with its store group's name and its invoice's number ("" before one is
// issued).
type VATOrder struct {
	ID              int64
	GroupID         int64
	SellerID        int64
	MarketplaceID   string
	AmazonOrderID   string
	PurchaseDate    time.Time
	ShipCity        string
	ShipPostalCode  string
	ShipCountry     string
	IsBusinessOrder bool
	GroupName       string
	InvoiceNumber   string
}

func vatOrderRows(db *models.DB, companyID int64) *gorm.DB {
	return db.Table("amazon_orders").Scopes(models.InCompany("amazon_orders", companyID)).
		Joins("JOIN store_groups ON store_groups.id = amazon_orders.group_id").
		Joins("LEFT JOIN vat_invoices v ON v.company_id = amazon_orders.company_id AND v.seller_id = amazon_orders.seller_id AND v.amazon_order_id = amazon_orders.amazon_order_id").
		Select("amazon_orders.id, amazon_orders.group_id, amazon_orders.seller_id, amazon_orders.marketplace_id, " +
			"amazon_orders.amazon_order_id, amazon_orders.purchase_date, amazon_orders.ship_city, amazon_orders.ship_postal_code, " +
			"amazon_orders.ship_country, amazon_orders.is_business_order, store_groups.name AS group_name, COALESCE(v.number, '') AS invoice_number")
}

// VATOrderPage lists a page of the orders, the latest bought first.
func VATOrderPage(db *models.DB, companyID int64, f VATOrderFilter) ([]VATOrder, int64, error) {
	rows := []VATOrder{}
	p := models.PageQuery{Matching: func() *gorm.DB { return f.scope(db, companyID) }, ID: "amazon_orders.id",
		Order: models.ByKeys("amazon_orders", true, "purchase_date"), Offset: f.Offset, Limit: f.Limit, Anchor: f.Anchor, Searched: true}
	total, err := models.ReadPage(db, p, func() *gorm.DB { return vatOrderRows(db, companyID) }, &rows)
	return rows, total, err
}

// VATOrderByID is one order of the store groups userID is granted, or ErrRecordNotFound.
func VATOrderByID(db *models.DB, companyID, userID, id int64) (*VATOrder, error) {
	var rows []VATOrder
	err := vatOrderRows(db, companyID).Scopes(models.InGrantedGroups("amazon_orders.group_id", userID)).
		Where("amazon_orders.id = ?", id).Scan(&rows).Error
	if err != nil {
		return nil, err
	}
	if len(rows) == 0 {
		return nil, gorm.ErrRecordNotFound
	}
	return &rows[0], nil
}

// VATItem is what an order bought of one SKU, with the money VAT is read from.
type VATItem struct {
	GroupID               int64
	SellerID              int64
	AmazonOrderID         string
	MarketplaceID         string
	SKU                   string `gorm:"column:sku"`
	ProductName           string
	Quantity              int
	Currency              string
	ItemPrice             models.Money
	ShippingPrice         models.Money
	GiftWrapPrice         models.Money
	ItemPromotionDiscount models.Money
	ShipPromotionDiscount models.Money
}

const vatItemColumns = "amazon_order_items.group_id, amazon_order_items.seller_id, amazon_order_items.amazon_order_id, amazon_order_items.marketplace_id, " +
	"amazon_order_items.sku, amazon_order_items.product_name, amazon_order_items.quantity, amazon_order_items.currency, " +
	"amazon_order_items.item_price, amazon_order_items.shipping_price, amazon_order_items.gift_wrap_price, " +
	"amazon_order_items.item_promotion_discount, amazon_order_items.ship_promotion_discount"

// VATItemsOf lists the items of the given orders of a seller account, by SKU.
func VATItemsOf(db *models.DB, companyID int64, sellerID int64, orderIDs []string) ([]VATItem, error) {
	rows := []VATItem{}
	if len(orderIDs) == 0 {
		return rows, nil
	}
	err := db.Table("amazon_order_items").Scopes(models.InCompany("amazon_order_items", companyID)).
		Where("amazon_order_items.seller_id = ? AND amazon_order_items.amazon_order_id IN ?", sellerID, orderIDs).
		Select(vatItemColumns).Order("amazon_order_items.amazon_order_id, amazon_order_items.sku").Scan(&rows).Error
	return rows, err
}

// VATMonthItems lists every item of the orders f selects (its page ignored), for a month's sums.
func VATMonthItems(db *models.DB, companyID int64, f VATOrderFilter) ([]VATItem, error) {
	rows := []VATItem{}
	err := f.scope(db, companyID).
		Joins("JOIN amazon_order_items ON amazon_order_items.seller_id = amazon_orders.seller_id AND amazon_order_items.amazon_order_id = amazon_orders.amazon_order_id").
		Select(vatItemColumns).Scan(&rows).Error
	return rows, err
}
