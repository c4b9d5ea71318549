package app_test

import (
	"strconv"
	"testing"
	"time"

	"sellerhub/app/apptest"
	alidb "sellerhub/models/alibaba"
)

// seedAlibaba gives company A a bound 1688 account with an imported order and its payment, straight in the
// database (the consent needs the stand-in), and answers the ids the 1688 routes are called with.
func seedAlibaba(t *testing.T, h *apptest.Harness, companyID, warehouseID int64, supplier string) (account, order, settlement string) {
	t.Helper()
	now := time.Now().UTC().Truncate(time.Second)
	supplierID, _ := strconv.ParseInt(supplier, 10, 64)
	a := &alidb.Account{CompanyID: companyID, MemberID: "b2b-MATRIXA", LoginID: "MATRIXA 买家", AccessToken: "x",
		RefreshToken: "x", TokenExpiresAt: now.Add(time.Hour), WarehouseID: warehouseID, CreatedAt: now, UpdatedAt: now}
	o := &alidb.Order{CompanyID: companyID, Status: "success", AliOrderID: "3001688999", SellerLoginID: "matrixa-seller",
		SellerName: "MATRIXA 1688供应商", SupplierID: supplierID, TotalAmount: 10_0000, OrderedAt: now, LinesUnmapped: 1, ImportedAt: now}
	if err := h.DB.Create(a).Error; err != nil {
		t.Fatal(err)
	}
	o.AccountID = a.ID
	if err := h.DB.Create(o).Error; err != nil {
		t.Fatal(err)
	}
	lines := []alidb.OrderLine{{CompanyID: companyID, OrderID: o.ID, OfferID: "610999", Name: "MATRIXA 商品", Quantity: 1, Price: 10_0000, Amount: 10_0000}}
	pay := &alidb.Payment{CompanyID: companyID, OrderID: o.ID, Phase: "1", Amount: 10_0000, PayStatus: "2", PayWay: "支付宝", PaidAt: now}
	if err := h.DB.Create(&lines).Error; err != nil {
		t.Fatal(err)
	}
	if err := h.DB.Create(pay).Error; err != nil {
		t.Fatal(err)
	}
	id := strconv.FormatInt(o.ID, 10)
	return strconv.FormatInt(a.ID, 10), id, id
}
