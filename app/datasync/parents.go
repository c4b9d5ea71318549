package datasync

import (
	"slices"

	"github.com/riverqueue/river"

	"sellerhub/app/amazon"
	"sellerhub/app/amazondata"
	"sellerhub/models"
	datasyncdb "sellerhub/models/datasync"
)

// The parents kind asks no report: it looks the store's listed ASINs up in Amazon's catalogue (searchCatalogItems,
// 20 ASINs a call, 2 calls a second) and keeps each one's variation parent for 销售报表 by 父ASIN. Its lines are the
// ASINs asked, its written the parents that were new or changed (the same calls keep each ASIN's name, picture and
// measures for 生成本地产品, and its sales ranks and classification for 商品列表's 排名, so the ranks are as fresh as
// the listings' sync); a run stopped half-way is simply run again, as writing a parent already kept writes nothing.

// waitsForListings tells a parents or fee estimates sync to wait while the store's listings are being synced: the
// one asks about their ASINs, the other estimates the fees of the listings its report leaves out, so they run
// after them.
func (s *Service) waitsForListings(db *models.DB, a SyncArgs) (bool, error) {
	if k := amazondata.Kind(a.DataKind); k != amazondata.Parents && k != amazondata.FeeEstimates {
		return false, nil
	}
	listings, err := datasyncdb.SyncTaskOf(db, a.CompanyID, a.SellerID, string(amazondata.Listings))
	if models.IsNotFound(err) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	return listings.State == datasyncdb.SyncQueued || listings.State == datasyncdb.SyncRunning, nil
}

// lookUpParents asks the catalogue about the store's listed ASINs of each of the seller account's marketplaces, a
// batch at a time, and writes the answers; the task counts batches as its reports.
func (sy *syncing) lookUpParents() error {
	st := amazondata.Store{CompanyID: sy.seller.CompanyID, SellerID: sy.seller.ID, GroupID: sy.seller.GroupID,
		Region: sy.seller.Region}
	listed, err := sy.s.data.ListedASINs(sy.ctx, st)
	if err != nil {
		return err
	}
	byMarket := map[string][]string{}
	for _, l := range listed {
		byMarket[l.MarketplaceID] = append(byMarket[l.MarketplaceID], l.ASIN)
	}
	type batch struct {
		market string
		asins  []string
	}
	var batches []batch
	for _, m := range sy.seller.Marketplaces {
		for chunk := range slices.Chunk(byMarket[m.MarketplaceID], amazon.MaxCatalogIdentifiers) {
			batches = append(batches, batch{m.MarketplaceID, chunk})
		}
	}
	if err := datasyncdb.UpdateSyncTask(sy.db, sy.task.CompanyID, sy.task.ID, map[string]any{"reports_total": len(batches),
		"reports_done": 0, "updated_at": sy.s.now.Stamp()}); err != nil {
		return err
	}
	asked := map[[2]string]bool{}
	for _, b := range batches {
		for _, a := range b.asins {
			asked[[2]string{b.market, a}] = true
		}
	}
	parentsNew := map[string][]string{}
	for i, b := range batches {
		items, err := sy.api.Client.SearchCatalogItems(sy.ctx, sy.api.Endpoint, sy.api.RefreshToken, b.market, b.asins)
		if err != nil {
			return err
		}
		for _, p := range amazon.ParentsOf(items, b.market) {
			if key := [2]string{b.market, p}; p != "" && !asked[key] {
				asked[key] = true
				parentsNew[b.market] = append(parentsNew[b.market], p)
			}
		}
		res, err := sy.s.data.SaveParents(sy.ctx, st, b.market, amazon.ParentsOf(items, b.market))
		if err != nil {
			return err
		}
		if _, err := sy.s.data.SaveCatalogItems(sy.ctx, st, b.market, items); err != nil {
			return err
		}
		sy.run.Lines += int64(len(b.asins))
		sy.run.Written += int64(res.Written)
		if err := datasyncdb.UpdateSyncRun(sy.db, sy.run.CompanyID, sy.run.ID, map[string]any{"lines": sy.run.Lines, "written": sy.run.Written}); err != nil {
			return err
		}
		if err := datasyncdb.UpdateSyncTask(sy.db, sy.task.CompanyID, sy.task.ID, map[string]any{"reports_done": i + 1,
			"lines": sy.run.Lines, "updated_at": sy.s.now.Stamp()}); err != nil {
			return err
		}
	}
	return sy.lookUpFamilies(st, parentsNew)
}

// lookUpFamilies asks the catalogue about the variation parents the listed ASINs named and no listing has, for
// their names: 生成本地产品 by parent names a family's product after its parent, not after one colour of it.
func (sy *syncing) lookUpFamilies(st amazondata.Store, parents map[string][]string) error {
	for _, m := range sy.seller.Marketplaces {
		for chunk := range slices.Chunk(parents[m.MarketplaceID], amazon.MaxCatalogIdentifiers) {
			items, err := sy.api.Client.SearchCatalogItems(sy.ctx, sy.api.Endpoint, sy.api.RefreshToken, m.MarketplaceID, chunk)
			if err != nil {
				return err
			}
			if _, err := sy.s.data.SaveCatalogItems(sy.ctx, st, m.MarketplaceID, items); err != nil {
				return err
			}
		}
	}
	return nil
}

// snoozeForListings has a parents sync asked again a poll later, once the listings' sync may be over.
func (s *Service) snoozeForListings() error { return river.JobSnooze(s.poll) }
