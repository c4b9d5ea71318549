package app_test

import (
	"context"
	"fmt"
	"net/http"
	"strconv"
	"testing"
	"time"

	"github.com/shopspring/decimal"

	"sellerhub/app/apptest"
	"sellerhub/models"
	accountsdb "sellerhub/models/accounts"
	catalogdb "sellerhub/models/catalog"
	stockdb "sellerhub/models/stock"
)

// stocktakeBenchLines is the size of the stocktake the report posts: a warehouse of 10,000 products.
const stocktakeBenchLines = 10_000

// TestLoadReportStocktakePosting prints, for `make bench`, how long 过账 of a whole warehouse's stocktake of
// 10,000 products (nine in ten with a cost) takes when every line differs from its book (goal: under 2 s), on
// SQLite and PostgreSQL: the
// call as the screen makes it, unfreezing, valuing and moving every line through MoveStock with its ledger line.
func TestLoadReportStocktakePosting(t *testing.T) {
	for _, kind := range benchKinds() {
		h, _ := benchHarness(t, apptest.WithDatabase(kind))
		admin := h.Client()
		apptest.ExpectOK(t, admin.Login(apptest.AdminAccount, apptest.AdminPassword))
		owner, err := accountsdb.UserByAccount(h.DB, apptest.AdminAccount)
		if err != nil {
			t.Fatal(err)
		}
		now := time.Now().UTC()
		w := &stockdb.Warehouse{CompanyID: owner.CompanyID, Name: "盘点压测仓", Kind: stockdb.WarehouseOwn, CreatedAt: now, UpdatedAt: now}
		products := make([]catalogdb.LocalProduct, stocktakeBenchLines)
		changes := make([]stockdb.StockChange, stocktakeBenchLines)
		for i := range products {
			products[i] = catalogdb.LocalProduct{CompanyID: owner.CompanyID, SKU: fmt.Sprintf("PD-BENCH-%05d", i), Name: "压测产品",
				Kind: catalogdb.ProductKindProduct, CreatedAt: now, UpdatedAt: now}
		}
		err = h.DB.Tx(context.Background(), func(tx *models.DB) error {
			if err := tx.Create(w).Error; err != nil {
				return err
			}
			if err := tx.CreateInBatches(products, 500).Error; err != nil {
				return err
			}
			// Nine in ten products have a 采购成本, which posting values their lines at.
			var costs []*catalogdb.ProductCost
			for i, p := range products {
				changes[i] = stockdb.StockChange{WarehouseID: w.ID, ProductID: p.ID, Fulfillable: 10}
				if i%10 != 0 {
					costs = append(costs, &catalogdb.ProductCost{CompanyID: owner.CompanyID, ProductID: p.ID, EffectiveFrom: catalogdb.CostsBeginning,
						UnitCost: decimal.NewNullDecimal(decimal.New(int64(100+i%900), -2)), CreatedAt: now, UpdatedAt: now})
				}
			}
			if err := catalogdb.CreateProductCosts(tx, costs); err != nil {
				return err
			}
			return stockdb.MoveStock(tx, owner.CompanyID, stockdb.StockCause{DocType: stockdb.DocInbound, DocNumber: "RK-BENCH"}, changes)
		})
		if err != nil {
			t.Fatal(err)
		}
		env := admin.Call(http.MethodPost, "/erp/api/v1/stocktake", map[string]any{"warehouseId": strconv.FormatInt(w.ID, 10), "scope": "warehouse"})
		apptest.ExpectOK(t, env)
		var st struct{ ID string }
		env.Into(t, &st)
		apptest.ExpectOK(t, admin.Call(http.MethodPost, "/erp/api/v1/stocktake/"+st.ID+"/start", nil))
		// Every line counted one over or one under its book, so that every line moves.
		if err := h.DB.Exec("UPDATE stocktake_lines SET counted = book + 1 - 2 * (CAST(product_id AS BIGINT) % 2) WHERE stocktake_id = ?", st.ID).Error; err != nil {
			t.Fatal(err)
		}
		start := time.Now()
		apptest.ExpectOK(t, admin.Call(http.MethodPost, "/erp/api/v1/stocktake/"+st.ID+"/post", nil))
		took := time.Since(start)
		var moved int64
		h.DB.Model(&stockdb.StockLedgerLine{}).Where("doc_type = ?", stockdb.DocStocktake).Count(&moved)
		if moved != stocktakeBenchLines {
			t.Fatalf("posted %d ledger lines, want %d", moved, stocktakeBenchLines)
		}
		fmt.Printf("== 过账 of a %d-line stocktake on %s (goal: under 2 s): %s\n", stocktakeBenchLines, kind, took.Round(time.Millisecond))
		benchFigure(t, fmt.Sprintf("盘点单过账, %d lines, %s", stocktakeBenchLines, kind), took.Round(time.Millisecond).String(), "< 2s", took < 2*time.Second)
	}
}
