package shipping_test

import (
	"testing"

	"sellerhub/app/apptest"
	"sellerhub/app/shipping"
	accountsdb "sellerhub/models/accounts"
	"sellerhub/models/dbtest"
	stockdb "sellerhub/models/stock"
	storesdb "sellerhub/models/stores"
)

// Issue 40, item 5: a user limited to a store group cannot ship from another group's FBA warehouse by naming it
// in an import (the template and the forms' options no longer offer it); the owner can.
func TestAnImportNamingAnotherStoreGroupsFBAWarehouseIsRefused(t *testing.T) {
	for _, kind := range dbtest.Kinds {
		t.Run(kind, func(t *testing.T) {
			h := apptest.Start(t, apptest.WithDatabase(kind))
			s := newShop(t, h, "13700000001", "甲公司", 100)
			other := &storesdb.StoreGroup{CompanyID: s.companyID, Name: "欧洲店铺"}
			if err := h.DB.Create(other).Error; err != nil {
				t.Fatal(err)
			}
			fba, err := stockdb.FBAWarehouse(h.DB, s.companyID, other.ID, "A1PA6795UKMFR9")
			if err != nil {
				t.Fatal(err)
			}
			clerk := h.Member("13700000001", "13700000019", true)
			u, err := accountsdb.UserByAccount(h.DB, "13700000019")
			if err != nil {
				t.Fatal(err)
			}
			if err := h.DB.Create(&storesdb.UserStoreGroup{UserID: u.ID, GroupID: s.group.ID}).Error; err != nil {
				t.Fatal(err)
			}
			rows := [][]string{shipping.ShipmentImportColumns, {"", "", s.group.Name, "US", fba.Name, "ONT8", s.skus[0], "1", ""}}
			apptest.Expect(t, upload(t, clerk, workbook(t, rows)), 400, "A0400",
				"导入失败，共1行1处有误，没有保存任何货件：第2行 发货仓库：发货仓库“"+fba.Name+"”不存在或已停用")
			var n int64
			h.DB.Table("shipments").Where("company_id = ?", s.companyID).Count(&n)
			if n != 0 {
				t.Fatalf("%d shipments saved by the clerk's refused import", n)
			}
			apptest.ExpectOK(t, upload(t, s.c, workbook(t, rows)))
			// The clerk's own store ships from the company's own warehouse as before.
			rows[1][4] = s.warehouse.Name
			apptest.ExpectOK(t, upload(t, clerk, workbook(t, rows)))
		})
	}
}
