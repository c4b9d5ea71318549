package amazondata

import (
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"sellerhub/app/amazon"
	"sellerhub/app/core"
	"sellerhub/models"
	amazondatadb "sellerhub/models/amazondata"
	catalogdb "sellerhub/models/catalog"
	storesdb "sellerhub/models/stores"
)

// The all-listings report (GET_MERCHANT_LISTINGS_ALL_DATA) of one marketplace: a seller SKU the store group does
// not have yet becomes an unpaired listing, so it shows in SKU配对 to be paired with a local product; a known one
// gets Amazon's name, price, quantity, status, fulfillment channel and open date (and its ASIN). The pairing is
// never touched.

// Messages of the listings import.
const (
	MsgListingsNoMarketplace = "在售商品报告需要指定站点"
	MsgListingsNotReport     = "文件不是在售商品报告：缺少 seller-sku 列"
	msgListingPriceBad       = "第%d行：price 不是金额：“%s”"
	msgListingQuantityBad    = "第%d行：quantity 应为整数，实为“%s”"
	msgListingNegative       = "第%d行：%s 不能为负数，实为“%s”"
	msgListingOpenDateBad    = "第%d行：open-date 不是日期：“%s”"
)

// listingsBatch is how many lines one upsert statement writes.
const listingsBatch = 500

// listingZones are the zone abbreviations Amazon writes after a listing's open date ("2026-03-15 10:20:30 PST"),
// with their offsets from UTC in hours: Go reads an abbreviation it does not know as UTC.
var listingZones = map[string]int{"UTC": 0, "GMT": 0, "PST": -8, "PDT": -7, "MST": -7, "MDT": -6, "CST": -6,
	"CDT": -5, "EST": -5, "EDT": -4, "BST": 1, "CET": 1, "CEST": 2, "JST": 9, "AEST": 10, "AEDT": 11, "IST": 5}

func init() { importers[Listings] = importListings }

func importListings(s *Service, st Store, r *amazon.TSVReader, progress Progress) (Result, error) {
	market, ok := storesdb.MarketplaceByID(st.MarketplaceID)
	if !ok {
		return Result{}, core.Invalid(MsgListingsNoMarketplace)
	}
	if !r.Has("seller-sku") {
		return Result{}, core.Invalid(MsgListingsNotReport)
	}
	var res Result
	batch := map[string]catalogdb.Listing{}
	flush := func() error {
		rows := make([]catalogdb.Listing, 0, len(batch))
		for _, l := range batch {
			rows = append(rows, l)
		}
		clear(batch)
		n, err := amazondatadb.UpsertReportedListings(s.db, rows)
		res.Written += int(n)
		return err
	}
	now := s.now.Stamp()
	for {
		row, err := r.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return res, err
		}
		l, err := listingLine(st, market.Currency, row)
		if err != nil {
			return res, err
		}
		res.Lines++
		if l.SellerSKU == "" {
			continue
		}
		l.CreatedAt, l.UpdatedAt = now, now
		batch[l.SellerSKU] = l
		if len(batch) == listingsBatch {
			if err := flush(); err != nil {
				return res, err
			}
			progress(res.Lines)
		}
	}
	if err := flush(); err != nil {
		return res, err
	}
	progress(res.Lines)
	return res, s.afterListingsOrStock(st)
}

// listingLine reads one line of the report as an unpaired listing of the store group's marketplace.
func listingLine(st Store, currency string, row amazon.TSVRow) (catalogdb.Listing, error) {
	price, err := models.NewMoney(row.Get("price"))
	if err != nil {
		return catalogdb.Listing{}, core.Invalid(fmt.Sprintf(msgListingPriceBad, row.Line, row.Get("price")))
	}
	if price.IsNegative() {
		return catalogdb.Listing{}, core.Invalid(fmt.Sprintf(msgListingNegative, row.Line, "price", row.Get("price")))
	}
	quantity := 0
	if v := row.Get("quantity"); v != "" {
		if quantity, err = strconv.Atoi(v); err != nil {
			return catalogdb.Listing{}, core.Invalid(fmt.Sprintf(msgListingQuantityBad, row.Line, v))
		}
		if quantity < 0 {
			return catalogdb.Listing{}, core.Invalid(fmt.Sprintf(msgListingNegative, row.Line, "quantity", v))
		}
	}
	l := catalogdb.Listing{CompanyID: st.CompanyID, GroupID: st.GroupID, MarketplaceID: st.MarketplaceID,
		SellerSKU: row.Get("seller-sku"), ASIN: row.Get("asin1"), ItemName: row.Get("item-name"), Price: price,
		Currency: currency, Quantity: quantity, Status: row.Get("status"),
		FulfillmentChannel: row.Get("fulfillment-channel")}
	if v := row.Get("open-date"); v != "" {
		t, ok := listingOpenDate(v)
		if !ok {
			return catalogdb.Listing{}, core.Invalid(fmt.Sprintf(msgListingOpenDateBad, row.Line, v))
		}
		l.OpenDate = &t
	}
	return l, nil
}

// listingOpenDate reads "2026-03-15 10:20:30 PST" (Japan's file writes 2026/03/15; the zone may be missing: UTC)
// as a UTC time.
func listingOpenDate(v string) (time.Time, bool) {
	stamp, zone, _ := strings.Cut(strings.ReplaceAll(strings.TrimSpace(v), "/", "-"), " ")
	clock, zone, _ := strings.Cut(zone, " ")
	t, err := time.Parse("2006-01-02 15:04:05", stamp+" "+clock)
	hours, known := listingZones[strings.ToUpper(zone)]
	if err != nil || (zone != "" && !known) {
		return time.Time{}, false
	}
	return t.Add(-time.Duration(hours) * time.Hour).UTC(), true
}

// afterListingsOrStock fills the FNSKUs the listings report lacks from the FBA inventory report, then pairs the
// store group's unpaired listings whose seller SKU or FNSKU is a local product's SKU: a store's new listings of
// products the company already has are paired without the seller coming back to SKU配对. It never changes a
// pairing made.
func (s *Service) afterListingsOrStock(st Store) error {
	now := s.now.Stamp()
	if _, err := amazondatadb.FillListingFNSKUs(s.db, st.CompanyID, st.GroupID, st.MarketplaceID, now); err != nil {
		return err
	}
	_, err := catalogdb.AutoPairListings(s.db, st.CompanyID, 0, st.GroupID, now)
	return err
}
