package amazondata

import (
	"context"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"

	"sellerhub/app/amazon"
	amazondatadb "sellerhub/models/amazondata"
	catalogdb "sellerhub/models/catalog"
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
	// Items answers the catalogue's items of ASINs in a marketplace (names, brands, measures), as
	// searchCatalogItems answers the sync; kept for 生成本地产品. Nil: none.
	Items func(sellerID, marketplaceID string, asins []string) []amazon.CatalogItem
	// Fees answers the Product Fees API's estimates (getMyFeesEstimates) of the listings the fee report leaves
	// out, as the fee estimates sync asks it; nil: none asked.
	Fees func(sellerID string, queries []amazon.FeesQuery) []amazon.FeesAnswer
	// Products makes the local products of the listings, as the seller does in SKU配对 (生成本地产品, 自动配对),
	// once the listings and their catalogue are in and before the orders and the stock: the stock lands on them.
	// Nil: the listings stay unpaired.
	Products func(ctx context.Context) error
	// Imported hears each report read, so that 数据同步 can show the runs that filled the demo; nil: nobody.
	Imported func(kind Kind, file string, res Result, started, finished time.Time)
}

// DemoSettlement is one settlement report Amazon made: its marketplace and period.
type DemoSettlement struct {
	ReportID, MarketplaceID string
	Start, End              time.Time
}

// demoDays is how far back the demo's orders and returns go.
const demoDays = 90

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
	var readReport func(kind Kind, reportType, market string, reportMarkets []string, start, end time.Time, reportID string) error
	read := func(kind Kind, market string, reportMarkets []string, start, end time.Time, reportID string) error {
		for _, reportType := range kind.ReportTypes() {
			if err := readReport(kind, reportType, market, reportMarkets, start, end, reportID); err != nil {
				return err
			}
		}
		return nil
	}
	readReport = func(kind Kind, reportType, market string, reportMarkets []string, start, end time.Time, reportID string) error {
		r, err := src.Content(sellerID, reportType, reportMarkets, start, end)
		if err != nil {
			return err
		}
		tsv, err := OpenReport(kind, r)
		if err != nil {
			return err
		}
		file := st
		file.MarketplaceID, file.ReportID = market, reportID
		started := time.Now()
		res, err := s.Import(ctx, kind, file, tsv, nil)
		total.Lines += res.Lines
		total.Written += res.Written
		if err != nil {
			return fmt.Errorf("demo %s report of %s: %w", kind, market, err)
		}
		if src.Imported != nil {
			name := reportType
			if market != "" {
				name += "-" + market
			}
			src.Imported(kind, name, res, started, time.Now())
		}
		return nil
	}
	for _, m := range markets {
		if err := read(Listings, m, []string{m}, time.Time{}, src.Today, ""); err != nil {
			return total, err
		}
	}
	started := time.Now()
	parents, err := s.demoParents(ctx, st, sellerID, src)
	if err != nil {
		return total, err
	}
	if src.Imported != nil && src.Parents != nil {
		src.Imported(Parents, "Catalog Items API", parents, started, time.Now())
	}
	if src.Products != nil {
		if err := src.Products(ctx); err != nil {
			return total, fmt.Errorf("demo products from listings: %w", err)
		}
	}
	if err := read(Orders, "", markets, from, src.Today, ""); err != nil {
		return total, err
	}
	if err := read(FeeEstimates, "", markets, time.Time{}, src.Today, ""); err != nil {
		return total, err
	}
	if err := s.demoFeeAnswers(ctx, st, sellerID, markets, src); err != nil {
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
	// The inventory ledger, the reimbursements, the storage fees and the removal orders, per marketplace as the sync asks for them.
	for _, m := range markets {
		for _, k := range []Kind{LedgerEvents, LedgerBalances, Reimbursements, StorageFees, AgedSurcharges, RemovalOrders,
			RemovalShipments} {
			if err := read(k, m, []string{m}, from, src.Today, ""); err != nil {
				return total, err
			}
		}
	}
	// Sales and traffic, a day per document as the sync asks for it, recorded once per marketplace.
	for _, m := range markets {
		if err := s.demoTraffic(ctx, st, sellerID, m, from, src, &total); err != nil {
			return total, err
		}
	}
	for _, m := range markets {
		if err := read(Inventory, m, []string{m}, time.Time{}, src.Today, ""); err != nil {
			return total, err
		}
		if err := read(InventoryPlanning, m, []string{m}, time.Time{}, src.Today, ""); err != nil {
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
			if src.Items != nil {
				if _, err := s.SaveCatalogItems(ctx, st, market, src.Items(sellerID, market, batch)); err != nil {
					return total, err
				}
			}
		}
	}
	return total, nil
}

// demoFeeAnswers asks src's Product Fees API about the listings the fee report left out (the seller's own
// shipping, FBA without stock), 20 at a time at their listing price as the sync asks, and keeps the answers.
func (s *Service) demoFeeAnswers(ctx context.Context, st Store, sellerID string, markets []string, src DemoReports) error {
	if src.Fees == nil {
		return nil
	}
	started := time.Now()
	missing, err := s.ListingsWithoutFeeEstimate(ctx, st, markets)
	if err != nil || len(missing) == 0 {
		return err
	}
	byKey := make(map[string]catalogdb.Listing, len(missing))
	for _, l := range missing {
		byKey[l.MarketplaceID+"\x00"+l.SellerSKU] = l
	}
	var total Result
	for chunk := range slices.Chunk(missing, amazon.MaxFeesEstimates) {
		qs := make([]amazon.FeesQuery, len(chunk))
		for i, l := range chunk {
			qs[i] = amazon.FeesQuery{SKU: l.SellerSKU, MarketplaceID: l.MarketplaceID, Price: l.Price.Decimal,
				Currency: l.Currency, AmazonFulfilled: strings.HasPrefix(l.FulfillmentChannel, "AMAZON")}
		}
		res, err := s.SaveFeeAnswers(ctx, st, byKey, src.Fees(sellerID, qs))
		total.Lines += res.Lines
		total.Written += res.Written
		if err != nil {
			return err
		}
	}
	if src.Imported != nil {
		src.Imported(FeeEstimates, "Product Fees API", total, started, time.Now())
	}
	return nil
}

// demoTraffic imports a marketplace's sales and traffic of every whole day since from, a document per day.
func (s *Service) demoTraffic(ctx context.Context, st Store, sellerID, market string, from time.Time, src DemoReports, total *Result) error {
	started := time.Now()
	var res Result
	file := st
	file.MarketplaceID = market
	for d := from.UTC().Truncate(24 * time.Hour); d.Before(src.Today.UTC().Truncate(24 * time.Hour)); d = d.AddDate(0, 0, 1) {
		r, err := src.Content(sellerID, SalesTraffic.ReportType(), []string{market}, d, d.Add(24*time.Hour-time.Second))
		if err != nil {
			return err
		}
		lines, err := OpenReport(SalesTraffic, r)
		if err != nil {
			return err
		}
		one, err := s.Import(ctx, SalesTraffic, file, lines, nil)
		res.Lines += one.Lines
		res.Written += one.Written
		if err != nil {
			return fmt.Errorf("demo %s report of %s on %s: %w", SalesTraffic, market, d.Format("2006-01-02"), err)
		}
	}
	total.Lines += res.Lines
	total.Written += res.Written
	if src.Imported != nil {
		src.Imported(SalesTraffic, SalesTraffic.ReportType()+"-"+market, res, started, time.Now())
	}
	return nil
}
