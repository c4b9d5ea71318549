package amazondata

import (
	"context"
	"fmt"
	"io"
	"slices"
	"time"

	"sellerhub/app/amazon"
	amazondatadb "sellerhub/models/amazondata"
)

// DemoReports are the demo's report files: the stand-in's simulated seller world (amazontest/sellerdata), which
// main.go hands over, so the demo's data comes in exactly as a seller's uploads do.
type DemoReports struct {
	// Content writes one report's file, as amazontest.ReportContent does.
	Content func(sellerID, reportType string, marketplaceIDs []string, start, end time.Time) (io.Reader, error)
	// Settlements are the settlement reports Amazon made for the seller.
	Settlements []DemoSettlement
	// Today is the moment the world stands at; orders and returns go back demoDays from it.
	Today time.Time
	// Parents answers the catalogue's lookup of ASINs' variation parents in a marketplace, as the Catalog Items API
	// does for the sync (amazontest.CatalogParents); nil leaves the demo without 父ASIN.
	Parents func(sellerID, marketplaceID string, asins []string) map[string]string
}

// DemoSettlement is one settlement report Amazon made: its marketplace and period.
type DemoSettlement struct {
	ReportID, MarketplaceID string
	Start, End              time.Time
}

// demoDays is how far back the demo's orders and returns go.
const demoDays = 90

// demoPairs is how many of the simulated US SKUs are paired with the demo's own products, so that their FBA stock
// lands in 演示店铺's US FBA warehouse; the others wait in SKU配对, as a new seller's would.
const demoPairs = 5

// ImportDemo reads the demo seller's reports (listings, orders, fee estimates, returns, settlements and FBA stock of
// the given marketplaces) into the company through Import, the path of a sync or an upload, and the listed ASINs'
// parents through SaveParents, the path of the sync's lookup. The FBA stock goes last: once the seller has it, the
// demo is in and a later start imports nothing again but the parents (which a demo made before them lacks; writing
// them again writes nothing).
func (s *Service) ImportDemo(ctx context.Context, st Store, sellerID string, markets []string, src DemoReports) (Result, error) {
	var total Result
	done, err := amazondatadb.SellerHasFBAInventory(s.db.With(ctx), st.CompanyID, st.SellerID)
	if err != nil {
		return total, err
	}
	if done {
		_, err := s.demoParents(ctx, st, sellerID, src)
		return total, err
	}
	from := src.Today.AddDate(0, 0, -demoDays)
	read := func(kind Kind, market string, reportMarkets []string, start, end time.Time, reportID string) error {
		r, err := src.Content(sellerID, kind.ReportType(), reportMarkets, start, end)
		if err != nil {
			return err
		}
		tsv, err := amazon.NewTSVReader(r)
		if err != nil {
			return err
		}
		file := st
		file.MarketplaceID, file.ReportID = market, reportID
		res, err := s.Import(ctx, kind, file, tsv, nil)
		total.Lines += res.Lines
		total.Written += res.Written
		if err != nil {
			return fmt.Errorf("demo %s report of %s: %w", kind, market, err)
		}
		return nil
	}
	for _, m := range markets {
		if err := read(Listings, m, []string{m}, time.Time{}, src.Today, ""); err != nil {
			return total, err
		}
	}
	if _, err := s.demoParents(ctx, st, sellerID, src); err != nil {
		return total, err
	}
	if len(markets) > 0 {
		if err := amazondatadb.PairDemoListings(s.db.With(ctx), st.CompanyID, st.GroupID, markets[0], demoPairs); err != nil {
			return total, err
		}
	}
	if err := read(Orders, "", markets, from, src.Today, ""); err != nil {
		return total, err
	}
	if err := read(FeeEstimates, "", markets, time.Time{}, src.Today, ""); err != nil {
		return total, err
	}
	for _, m := range markets {
		if err := read(Returns, m, []string{m}, from, src.Today, ""); err != nil {
			return total, err
		}
	}
	for _, set := range src.Settlements {
		if !slices.Contains(markets, set.MarketplaceID) {
			continue
		}
		if err := read(Settlements, "", []string{set.MarketplaceID}, set.Start, set.End, set.ReportID); err != nil {
			return total, err
		}
	}
	for _, m := range markets {
		if err := read(Inventory, m, []string{m}, time.Time{}, src.Today, ""); err != nil {
			return total, err
		}
	}
	return total, nil
}

// demoParents looks the demo store's listed ASINs up in src's catalogue, 20 at a time as the sync asks, and keeps
// their parents.
func (s *Service) demoParents(ctx context.Context, st Store, sellerID string, src DemoReports) (Result, error) {
	var total Result
	if src.Parents == nil {
		return total, nil
	}
	listed, err := s.ListedASINs(ctx, st)
	if err != nil {
		return total, err
	}
	byMarket := map[string][]string{}
	for _, l := range listed {
		byMarket[l.MarketplaceID] = append(byMarket[l.MarketplaceID], l.ASIN)
	}
	for market, asins := range byMarket {
		for batch := range slices.Chunk(asins, amazon.MaxCatalogIdentifiers) {
			res, err := s.SaveParents(ctx, st, market, src.Parents(sellerID, market, batch))
			total.Written += res.Written
			if err != nil {
				return total, err
			}
		}
	}
	return total, nil
}
