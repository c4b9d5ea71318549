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
// ASINs asked, its written the parents that were new or changed; a run stopped half-way is simply run again, as
// writing a parent already kept writes nothing.

// waitsForListings tells a parents sync to wait while the store's listings are being synced: it asks about their
// ASINs, so it runs after them.
func (s *Service) waitsForListings(db *models.DB, a SyncArgs) (bool, error) {
	if amazondata.Kind(a.DataKind) != amazondata.Parents {
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
	for i, b := range batches {
		parents, err := sy.api.Client.ASINParents(sy.ctx, sy.api.Endpoint, sy.api.RefreshToken, b.market, b.asins)
		if err != nil {
			return err
		}
		res, err := sy.s.data.SaveParents(sy.ctx, st, b.market, parents)
		if err != nil {
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
	return nil
}

// snoozeForListings has a parents sync asked again a poll later, once the listings' sync may be over.
func (s *Service) snoozeForListings() error { return river.JobSnooze(s.poll) }
