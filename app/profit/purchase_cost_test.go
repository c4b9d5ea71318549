package profit_test

import (
	"context"
	"testing"
	"time"

	"sellerhub/app/core"
	"sellerhub/app/finance"
	"sellerhub/app/profit"
	"sellerhub/app/purchase"
	"sellerhub/models"
	amazondatadb "sellerhub/models/amazondata"
	catalogdb "sellerhub/models/catalog"
	"sellerhub/models/dbtest"
	stockdb "sellerhub/models/stock"
)

// A purchase receipt gives 利润报告's 商品成本 its cost from the receipt's date (issue 45): LP-1, entered at 20,
// is received at 26 on 15 February (Beijing) into an empty warehouse, so its average there is 26. MSKU-A's 9
// February units, 6 settled before the 15th and 3 at 00:30 on the 15th, cost 6 × 20 + 3 × 26 = 198, as when the
// cost is entered by hand from that day; March's line costs 26. LP-2, never received, keeps its entered cost.
func TestAReceiptCostsTheProfitFromItsDate(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *models.DB) {
		bk := newBook(t, db)
		ctx := context.Background()
		cid := bk.owner.CompanyID
		posted := func(day, hour, minute int) *time.Time {
			at := time.Date(2026, 2, day, hour, minute, 0, 0, beijing)
			return &at
		}
		lines := []amazondatadb.SettlementLine{
			{CompanyID: cid, GroupID: bk.a.GroupID, SellerID: bk.a.ID, SettlementID: "S3", MarketplaceID: us, TransactionType: "Order",
				OrderID: "111-3", AmountType: "ItemPrice", AmountDescription: "Principal", Amount: money("50.00"), Currency: "USD",
				PostedDate: posted(14, 23, 30), SKU: "MSKU-A", QuantityPurchased: 2, LineNo: 2},
			{CompanyID: cid, GroupID: bk.a.GroupID, SellerID: bk.a.ID, SettlementID: "S3", MarketplaceID: us, TransactionType: "Order",
				OrderID: "111-4", AmountType: "ItemPrice", AmountDescription: "Principal", Amount: money("75.00"), Currency: "USD",
				PostedDate: posted(15, 0, 30), SKU: "MSKU-A", QuantityPurchased: 3, LineNo: 3},
		}
		_, err := amazondatadb.UpsertSettlementLines(db, []amazondatadb.Settlement{{CompanyID: cid, GroupID: bk.a.GroupID,
			SellerID: bk.a.ID, MarketplaceID: us, SettlementID: "S3", Currency: "USD"}}, lines)
		must(t, err)
		wantMoney(t, "A cost before", bySKU(t, report(t, bk.svc, bk.owner, feb()), "MSKU-A", "USD").Cost, "180")

		clock := core.Clock(func() time.Time { return time.Date(2026, 3, 15, 10, 0, 0, 0, beijing) })
		buy := purchase.New(db, clock, beijing, core.NewNumbers(db, clock, beijing), finance.New(db, clock, beijing))
		supplier := &catalogdb.Supplier{CompanyID: cid, Name: "工厂"}
		must(t, db.Create(supplier).Error)
		warehouse := &stockdb.Warehouse{CompanyID: cid, Name: "采购仓", Kind: stockdb.WarehouseOwn}
		must(t, db.Create(warehouse).Error)
		p, err := catalogdb.LocalProductBySKU(db, cid, "LP-1")
		must(t, err)
		o, err := buy.CreateOrder(ctx, bk.owner, purchase.OrderForm{SupplierID: idText(supplier.ID), WarehouseID: idText(warehouse.ID),
			Currency: "CNY", PaymentTerms: "receipt", Lines: []purchase.OrderLineForm{{ProductID: idText(p.ID), Quantity: 10, UnitPrice: "26"}}})
		must(t, err)
		id := idText(o.ID)
		for _, step := range []func(context.Context, core.Principal, string) error{buy.SubmitOrder, buy.ApproveOrder, buy.PlaceOrder} {
			must(t, step(ctx, bk.owner, id))
		}
		d, err := buy.Order(ctx, bk.owner, id)
		must(t, err)
		must(t, buy.Receive(ctx, bk.owner, id, purchase.ReceiptForm{WarehouseID: idText(warehouse.ID), Date: "2026-02-15",
			Lines: []purchase.EventLineForm{{LineID: idText(d.Lines[0].ID), Quantity: 10}}}))

		after := report(t, bk.svc, bk.owner, feb())
		wantMoney(t, "A cost", bySKU(t, after, "MSKU-A", "USD").Cost, "198")
		wantMoney(t, "B cost (never received)", bySKU(t, after, "MSKU-B", "USD").Cost, "15")
		wantMoney(t, "UK-A cost (settled the 12th)", bySKU(t, after, "UK-A", "GBP").Cost, "40")
		march := report(t, bk.svc, bk.owner, profit.Query{StartMonth: "2026-03", EndMonth: "2026-03"})
		wantMoney(t, "March A cost", bySKU(t, march, "MSKU-A", "USD").Cost, "26")
	})
}
