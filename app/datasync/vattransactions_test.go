package datasync_test

import (
	"net/http"
	"testing"

	"sellerhub/app/amazon/amazontest"
	"sellerhub/app/amazondata"
	"sellerhub/app/apptest"
	amazondatadb "sellerhub/models/amazondata"
	datasyncdb "sellerhub/models/datasync"
	"sellerhub/models/dbtest"
	storesdb "sellerhub/models/stores"
)

// vatSums are the VAT transactions' lines and their VAT-inclusive totals and VAT per currency (Money's units).
type vatSums struct {
	Lines          int
	Gross, VAT     map[string]int64
	ZeroRated, Biz int
}

func storedVAT(t *testing.T, h *apptest.Harness, companyID, sellerID int64) vatSums {
	t.Helper()
	lines, err := amazondatadb.VATTransactionsOfSeller(h.DB, companyID, sellerID)
	if err != nil {
		t.Fatal(err)
	}
	s := vatSums{Gross: map[string]int64{}, VAT: map[string]int64{}}
	for _, l := range lines {
		s.Lines++
		s.Gross[l.Currency] += l.TotalVATIncl.Units()
		s.VAT[l.Currency] += l.TotalVAT.Units()
		if l.VATRate == 0 {
			s.ZeroRated++
		}
		if l.BuyerVATNumber != "" {
			s.Biz++
		}
		if l.MarketplaceID == "" || l.TransactionType != amazondatadb.VATSale || l.TotalVATIncl.Units()-l.TotalVAT.Units() != l.TotalVATExcl.Units() {
			t.Fatalf("line %+v", l)
		}
	}
	return s
}

// A European store enrolled in the VAT calculation service (VAT发票's setting) gets the VAT transactions report's
// task, and its sync brings exactly the world's sale lines of the window (Amazon's comma-separated file, dates day
// first, rates as fractions), their sums per currency to the cent; a store not enrolled has no such task; syncing
// again writes nothing.
func TestSyncVATTransactionsOfAnEnrolledStore(t *testing.T) {
	t.Parallel()
	for _, kind := range dbtest.Kinds {
		t.Run(kind, func(t *testing.T) {
			h, amz, w := world(t, kind)
			c := h.SignedIn("13900000168", "VAT报告公司")
			sellerID := authorise(t, h, amz, c, amazontest.EuropeSeller, "EU", "欧洲店")
			onlyKinds(t, h, nil)
			var seller storesdb.Seller
			h.DB.Take(&seller, "id = ?", sellerID)
			taskOf := func() []datasyncdb.SyncTask {
				apptest.ExpectOK(t, c.Call(http.MethodPost, "/amazon/api/v1/datasync/page", map[string]any{"currentpage": 1, "pagesize": 10}))
				var tasks []datasyncdb.SyncTask
				h.DB.Where("seller_id = ? AND kind = ?", sellerID, string(amazondata.VATTransactions)).Find(&tasks)
				return tasks
			}
			if tasks := taskOf(); len(tasks) != 0 {
				t.Fatalf("a store not enrolled has the VAT report's task: %+v", tasks)
			}
			de, _ := storesdb.MarketplaceByCountry("DE")
			apptest.ExpectOK(t, c.Call(http.MethodPost, "/amazon/api/v1/vat/setting", map[string]any{"groupId": itoa(seller.GroupID),
				"marketplaceId": de.ID, "vatNumber": "DE123456789", "sellerName": "Shenzhen Example Trading Co., Ltd.", "vcsEnrolled": true}))
			tasks := taskOf()
			if len(tasks) != 1 {
				t.Fatalf("the enrolled store's VAT tasks: %+v", tasks)
			}
			h.StartWorkers(t)
			sync := func() {
				since := h.Clock.Now().UTC()
				apptest.ExpectOK(t, c.Call(http.MethodPost, "/amazon/api/v1/datasync/tasks/"+itoa(tasks[0].ID)+"/sync", nil))
				waitTasksDone(t, h, tasks, since)
			}
			sync()
			got := storedVAT(t, h, seller.CompanyID, sellerID)
			from, to := window(t, h, sellerID, string(amazondata.VATTransactions))
			want := vatSums{Gross: map[string]int64{}, VAT: map[string]int64{}}
			for _, l := range w.VATTransactions(amazontest.EuropeSeller, from, to) {
				want.Lines++
				want.Gross[l.Currency] += l.Total() * 100
				want.VAT[l.Currency] += l.TotalVAT() * 100
				if l.RateBP == 0 {
					want.ZeroRated++
				}
				if l.BuyerVAT != "" {
					want.Biz++
				}
			}
			if got.Lines != want.Lines || !sameMoney(got.Gross, want.Gross) || !sameMoney(got.VAT, want.VAT) || got.ZeroRated != want.ZeroRated || got.Biz != want.Biz {
				t.Fatalf("synced %+v, the world has %+v", got, want)
			}
			if got.Lines < 100 || len(got.Gross) != 2 || got.Biz == 0 {
				t.Fatalf("too little synced to prove anything: %+v", got)
			}

			sync()
			if after := storedVAT(t, h, seller.CompanyID, sellerID); after.Lines != got.Lines || !sameMoney(after.Gross, got.Gross) || !sameMoney(after.VAT, got.VAT) {
				t.Fatalf("after syncing again %+v, before %+v", after, got)
			}
			var runs []datasyncdb.SyncRun
			h.DB.Where("task_id = ?", tasks[0].ID).Order("started_at").Find(&runs)
			if len(runs) != 2 || runs[0].Written != int64(got.Lines) || runs[1].Written != 0 || runs[1].Lines != int64(got.Lines) {
				t.Fatalf("runs %+v", runs)
			}
		})
	}
}

func sameMoney(a, b map[string]int64) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if b[k] != v {
			return false
		}
	}
	return true
}
