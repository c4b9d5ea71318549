package purchase

import (
	"time"

	"sellerhub/models"
)

// ReportLine is an ordered line as 采购报表 sums it: its order's supplier, creator (the buyer, 采购员), creation,
// approval and expected date, its
// product, and its units ordered, received, returned and closed.
type ReportLine struct {
	OrderID      int64
	SupplierID   int64
	SupplierName string
	ProductID    int64
	ProductSKU   string `gorm:"column:product_sku"`
	ProductName  string
	CreatorID    *int64
	CreatorName  string
	CreatorAcct  string `gorm:"column:creator_account"`
	CreatedAt    time.Time
	ApprovedAt   *time.Time
	ExpectedDate string
	Quantity     int
	Received     int
	Returned     int
	Closed       int
}

// ReportReceipt is a product's units in one receipt of an order, with their CNY cost and the receipt's day.
type ReportReceipt struct {
	OrderID   int64
	ProductID int64
	EventDate string
	Quantity  int
	UnitCost  int64
}

// ReportData reads the lines of the company's orders created from From to To (To excluded, zero for open) that went past
// approval (待下单 to 已完成), of one supplier (0 for all), and their receipts.
func ReportData(db *models.DB, companyID int64, from, to time.Time, supplierID int64) ([]ReportLine, []ReportReceipt, error) {
	q := db.Table("purchase_order_lines").Scopes(models.InCompany("purchase_order_lines", companyID)).
		Select("purchase_orders.id AS order_id, purchase_orders.supplier_id, suppliers.name AS supplier_name, "+
			"purchase_order_lines.product_id, local_products.sku AS product_sku, local_products.name AS product_name, "+
			"purchase_orders.creator_id, COALESCE(cp.name, '') AS creator_name, COALESCE(cu.account, '') AS creator_account, "+
			"purchase_orders.created_at, purchase_orders.approved_at, purchase_orders.expected_date, "+
			"purchase_order_lines.quantity, purchase_order_lines.received, purchase_order_lines.returned, purchase_order_lines.closed").
		Joins("JOIN purchase_orders ON purchase_orders.id = purchase_order_lines.order_id").
		Joins("JOIN suppliers ON suppliers.id = purchase_orders.supplier_id").
		Joins("JOIN local_products ON local_products.id = purchase_order_lines.product_id").
		Joins("LEFT JOIN user_profiles cp ON cp.user_id = purchase_orders.creator_id").
		Joins("LEFT JOIN users cu ON cu.id = purchase_orders.creator_id").
		Where("purchase_orders.status IN ?", []int{OrderApproved, OrderToPay, OrderToReceive, OrderCompleted})
	if !from.IsZero() {
		q = q.Where("purchase_orders.created_at >= ?", from)
	}
	if !to.IsZero() {
		q = q.Where("purchase_orders.created_at < ?", to)
	}
	if supplierID != 0 {
		q = q.Where("purchase_orders.supplier_id = ?", supplierID)
	}
	var lines []ReportLine
	if err := q.Order("purchase_orders.created_at, purchase_orders.id").Find(&lines).Error; err != nil {
		return nil, nil, err
	}
	ids := make([]int64, 0, len(lines))
	seen := map[int64]bool{}
	for _, l := range lines {
		if !seen[l.OrderID] {
			seen[l.OrderID] = true
			ids = append(ids, l.OrderID)
		}
	}
	var receipts []ReportReceipt
	for start := 0; start < len(ids); start += 500 {
		var part []ReportReceipt
		err := db.Table("purchase_receipt_lines").Scopes(models.InCompany("purchase_receipt_lines", companyID)).
			Select("purchase_receipts.order_id, purchase_receipt_lines.product_id, purchase_receipts.event_date, "+
				"purchase_receipt_lines.quantity, purchase_receipt_lines.unit_cost").
			Joins("JOIN purchase_receipts ON purchase_receipts.id = purchase_receipt_lines.receipt_id").
			Where("purchase_receipts.kind = ? AND purchase_receipts.order_id IN ?", EventReceipt, ids[start:min(start+500, len(ids))]).
			Find(&part).Error
		if err != nil {
			return nil, nil, err
		}
		receipts = append(receipts, part...)
	}
	return lines, receipts, nil
}
