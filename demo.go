package main

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"sync"
	"time"

	"github.com/shopspring/decimal"

	"sellerhub/app/amazon"
	"sellerhub/app/amazon/amazontest"
	"sellerhub/app/amazon/amazontest/sellerdata"
	"sellerhub/app/amazondata"
	"sellerhub/app/catalog"
	"sellerhub/app/core"
	"sellerhub/app/datasync"
	"sellerhub/models"
	catalogdb "sellerhub/models/catalog"
	"sellerhub/models/seed"
)

// demoDeps are the services the demo's first start goes through, the ones a seller's actions do.
type demoDeps struct {
	Data    *amazondata.Service
	Sync    *datasync.Service
	Catalog *catalog.Service
	DB      *models.DB
	// TimeZone is the company's: the date its costs are entered on.
	TimeZone *time.Location
	Log      *slog.Logger
}

// importDemoData gives the demo company its seller's last 90 days on Amazon at the first start: the reports of the
// stand-in's simulated North American seller (the same world tests sync from), read through the product's own
// import, as a seller's uploads are. Later starts find the data in and import nothing. A failure is logged, not
// fatal: the product works without the demo's Amazon data.
//
// The world stands at now (the moment of the start), not at the start of the UTC day, so 今日订单 has today's orders
// in every time zone a seller looks from (Beijing's day starts at 16:00 UTC).
func importDemoData(ctx context.Context, d demoDeps, demo seed.DemoSeller, now time.Time) {
	data, sync, log := d.Data, d.Sync, d.Log
	world := sellerdata.At(now)
	var runs []datasync.DemoRun
	src := amazondata.DemoReports{Content: world.Content, Today: world.Now, Parents: world.Parents,
		Items: demoCatalogItems(world), Fees: demoFees(world), Products: func(ctx context.Context) error { return demoProducts(ctx, d, demo) },
		Imported: func(kind amazondata.Kind, file string, res amazondata.Result, started, finished time.Time) {
			runs = append(runs, datasync.DemoRun{Kind: kind, File: file, Lines: int64(res.Lines), Written: int64(res.Written),
				Started: started, Finished: finished})
		}}
	// The demo seller's reports are those of the stand-in's North American seller.
	seller := amazontest.DefaultSeller
	for _, s := range world.Scheduled(seller) {
		for _, m := range s.MarketplaceIDs {
			src.Settlements = append(src.Settlements, amazondata.DemoSettlement{ReportID: s.ReportID, MarketplaceID: m,
				Start: s.DataStartTime, End: s.DataEndTime})
		}
	}
	store := amazondata.Store{CompanyID: demo.CompanyID, SellerID: demo.SellerID, GroupID: demo.GroupID, Region: demo.Region}
	started := time.Now()
	res, err := data.ImportDemo(ctx, store, seller, world.Marketplaces(seller), src)
	switch {
	case err != nil:
		log.Error("demo Amazon data not imported", "err", err)
	case res.Lines > 0:
		if err := demoCosts(ctx, d, demo); err != nil {
			log.Error("demo costs not entered", "err", err)
		}
		// 数据同步 shows where the demo's data came from: a run per report read.
		if err := sync.RecordDemoRuns(ctx, demo.CompanyID, demo.SellerID, runs); err != nil {
			log.Error("demo sync runs not recorded", "err", err)
		}
		fmt.Printf("演示数据: 已导入亚马逊报告 %d 行 (%.1f 秒)\n", res.Lines, time.Since(started).Seconds())
	}
	if err == nil {
		if err := demoAds(ctx, d, demo, world, now); err != nil {
			log.Error("demo advertising not written", "err", err)
		}
	}
}

// demoCatalogIncluded are the data sets the demo reads of its catalogue: the sync's. The stand-in serves its
// pictures from its own address, and the demo has no stand-in running: each picture is the stand-in's drawn as
// an SVG in a data address (allowed by the CSP), so that the demo's products have one.
const demoCatalogIncluded = amazon.CatalogIncludedData

// demoCatalogItems answers the catalogue's items of ASINs as the stand-in answers searchCatalogItems, read into
// amazon.CatalogItem as the sync reads that answer.
func demoCatalogItems(world *sellerdata.World) func(sellerID, marketplaceID string, asins []string) []amazon.CatalogItem {
	// The catalogue of a marketplace is read once per marketplace, not once per ASIN.
	var mu sync.Mutex
	books := map[string][]amazontest.CatalogRecord{}
	return func(sellerID, marketplaceID string, asins []string) []amazon.CatalogItem {
		mu.Lock()
		if _, read := books[marketplaceID]; !read {
			books[marketplaceID] = world.Book(marketplaceID)
		}
		records := books[marketplaceID]
		mu.Unlock()
		book := func(string) []amazontest.CatalogRecord { return records }
		parents := world.Parents(sellerID, marketplaceID, asins)
		var out []amazon.CatalogItem
		for _, a := range asins {
			parent, known := parents[a]
			if !known {
				continue
			}
			e, described := world.Item(sellerID, marketplaceID, a)
			included := demoCatalogIncluded
			if !described {
				included = "relationships"
			}
			answer := amazontest.ItemAnswer("", marketplaceID, a, parent, e, included)
			amazontest.BookSets(answer, book, marketplaceID, a, included)
			if described {
				answer["images"] = []map[string]any{{"marketplaceId": marketplaceID, "images": []map[string]any{
					{"variant": "MAIN", "link": demoPicture(a), "height": 500, "width": 500}}}}
			}
			b, err := json.Marshal(answer)
			var it amazon.CatalogItem
			if err == nil && json.Unmarshal(b, &it) == nil {
				out = append(out, it)
			}
		}
		return out
	}
}

// demoProducts does what a new seller does in SKU配对 once the listings are in: 生成本地产品 from every listing (one
// product per seller SKU, named, pictured and measured from the catalogue) and 自动配对, so that the stock and the
// profit land on products that match the listings.
func demoProducts(ctx context.Context, d demoDeps, demo seed.DemoSeller) error {
	p := core.Principal{CompanyID: demo.CompanyID, UserID: demo.OwnerID}
	if _, err := d.Catalog.CreateFromListings(ctx, p, catalog.FromListingsForm{All: true}); err != nil {
		return err
	}
	_, err := d.Catalog.AutoPair(ctx, p)
	return err
}

// demoCosts enters the products' costs in 本地产品 as the seller does on the first day, once the orders are in
// (seed.DemoCostPlan): 采购成本 and 头程 from the beginning, a supplier's price rise dated the 15th of last month.
func demoCosts(ctx context.Context, d demoDeps, demo seed.DemoSeller) error {
	p := core.Principal{CompanyID: demo.CompanyID, UserID: demo.OwnerID}
	plan, err := seed.DemoCostPlan(ctx, d.DB, demo, time.Now().In(d.TimeZone).Format(time.DateOnly))
	if err != nil {
		return err
	}
	for _, c := range plan {
		id := fmt.Sprint(c.ProductID)
		unit := c.UnitCost.StringFixed(2)
		form := catalog.CostForm{UnitCost: &unit, EffectiveFrom: catalogdb.CostsBeginning}
		if c.FirstLeg.Valid {
			leg := c.FirstLeg.Decimal.StringFixed(2)
			form.FirstLeg = &leg
		}
		if _, err := d.Catalog.SetProductCost(ctx, p, id, form); err != nil {
			return fmt.Errorf("cost of %s: %w", c.SKU, err)
		}
		if c.Rise != nil {
			rise := c.Rise.StringFixed(2)
			if _, err := d.Catalog.SetProductCost(ctx, p, id, catalog.CostForm{UnitCost: &rise, EffectiveFrom: c.RiseFrom}); err != nil {
				return fmt.Errorf("price rise of %s: %w", c.SKU, err)
			}
		}
	}
	return nil
}

// demoFees answers getMyFeesEstimates as the stand-in does (its fee quote: the referral fee, and the FBA fee when
// Amazon fulfils), read into amazon.FeesAnswer; a SKU the quote does not know is answered with an error.
func demoFees(world *sellerdata.World) func(sellerID string, queries []amazon.FeesQuery) []amazon.FeesAnswer {
	return func(sellerID string, queries []amazon.FeesQuery) []amazon.FeesAnswer {
		out := make([]amazon.FeesAnswer, 0, len(queries))
		for _, q := range queries {
			a := amazon.FeesAnswer{SKU: q.SKU, MarketplaceID: q.MarketplaceID, Currency: q.Currency}
			referral, fulfilment, ok := world.FeeQuote(sellerID, q.MarketplaceID, q.SKU, q.Price, q.AmazonFulfilled)
			switch {
			case !ok:
				a.Err = "InvalidParameterValue"
			case q.AmazonFulfilled:
				a.Total, a.ByType = referral.Add(fulfilment), map[string]decimal.Decimal{"ReferralFee": referral, "FBAFees": fulfilment}
			default:
				a.Total, a.ByType = referral, map[string]decimal.Decimal{"ReferralFee": referral}
			}
			out = append(out, a)
		}
		return out
	}
}

// demoPicture is the stand-in's picture of an ASIN (a square in a colour drawn from the ASIN on white) as an SVG
// data address.
func demoPicture(asin string) string {
	var h uint32
	for _, c := range asin {
		h = h*31 + uint32(c)
	}
	return fmt.Sprintf("data:image/svg+xml,%%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 5 5'%%3E"+
		"%%3Crect width='5' height='5' fill='%%23fff'/%%3E%%3Crect x='1' y='1' width='3' height='3' fill='%%23%02x%02x%02x'/%%3E%%3C/svg%%3E",
		uint8(h), uint8(h>>8), uint8(h>>16))
}
