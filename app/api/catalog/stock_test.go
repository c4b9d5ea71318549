package catalog_test

import (
	"net/http"
	"strconv"
	"testing"

	"sellerhub/app/apptest"
	"sellerhub/models"
	"sellerhub/models/dbtest"
	stockdb "sellerhub/models/stock"
)

// 本地产品 shows each product's 可用, 待出库 and 在途 summed over the company's warehouses; a stock row of another
// company, even one naming the same product, is not counted.
func TestTheProductListShowsTheStockSummedOverTheCompanysWarehouses(t *testing.T) {
	for _, kind := range dbtest.Kinds {
		t.Run(kind, func(t *testing.T) {
			h := apptest.Start(t, apptest.WithDatabase(kind))
			c := owner(t, h)
			stocked := create(t, c, "/material", map[string]string{"sku": "MUG-1", "name": "马克杯", "kind": "产品"})
			create(t, c, "/material", map[string]string{"sku": "CUP-2", "name": "纸杯", "kind": "产品"})
			mine, other := companyOf(t, h, ownerAccount), companyOf(t, h, apptest.AdminAccount)
			pid, err := strconv.ParseInt(stocked, 10, 64)
			if err != nil {
				t.Fatal(err)
			}
			for _, s := range []struct {
				company                        int64
				inbound, fulfillable, outbound int
			}{{mine, 5, 10, 2}, {mine, 1, 7, 3}, {other, 100, 100, 100}} {
				w := &stockdb.Warehouse{CompanyID: s.company, Name: "仓" + strconv.FormatInt(models.NewID(), 10), Kind: "own"}
				if err := h.DB.Create(w).Error; err != nil {
					t.Fatal(err)
				}
				row := &stockdb.Stock{ID: models.NewID(), CompanyID: s.company, WarehouseID: w.ID, ProductID: pid,
					Inbound: s.inbound, Fulfillable: s.fulfillable, Outbound: s.outbound}
				if err := h.DB.Create(row).Error; err != nil {
					t.Fatal(err)
				}
			}
			type withStock struct {
				SKU                            string
				Fulfillable, Outbound, Inbound int
			}
			list := into[page[withStock]](t, c.Call(http.MethodPost, v1+"/material/page", map[string]any{"sort": "sku"}))
			want := []withStock{{"CUP-2", 0, 0, 0}, {"MUG-1", 17, 5, 6}}
			if len(list.Records) != 2 || list.Records[0] != want[0] || list.Records[1] != want[1] {
				t.Fatalf("list = %+v, want %+v", list.Records, want)
			}
		})
	}
}
