// Package sellerdata is the simulated world behind the Amazon stand-in's reports: three sellers (North America,
// Japan, Europe) with about fifty products each, 90 days of orders before a given day, settlements every 14 days
// per marketplace, FBA stock, fee estimates, returns and listings. Everything is derived from seeds fixed by the
// seller, the marketplace and the calendar day, so the same day gives the same files byte for byte, and a day's
// orders stay the same orders when the world is made again a day later (only what happened since shows).
// Money is kept in the currency's minor units and handed out as decimals, never floats.
//
// The stand-in serves it: World.Content is its report content and World.Scheduled its list of settlement reports.
// Tests compare what they imported with the truth accessors (Orders, Settlement, Inventory, ...), which say
// what the files say, typed.
package sellerdata

import (
	"hash/fnv"
	"math/rand/v2"
	"sync"
	"time"

	"github.com/shopspring/decimal"

	"sellerhub/app/amazon/amazontest"
)

// The stand-in's sellers: amazontest.DefaultSeller sells in North America; these two are the Japanese and the
// European ones the stand-in registers beside it.
const (
	JapanSeller  = amazontest.JapanSeller
	EuropeSeller = amazontest.EuropeSeller
)

// The marketplaces the sellers sell in.
const (
	US = "ATVPDKIKX0DER"
	CA = "A2EUQ1WTGCTBG2"
	MX = "A1AM78C64UM0Y8"
	JP = "A1VC38T7YXB528"
	UK = "A1F83G8C2ARO7P"
	DE = "A1PA6795UKMFR9"
)

// The report types the world writes, as the Selling Partner API names them.
const (
	OrdersReport      = "GET_FLAT_FILE_ALL_ORDERS_DATA_BY_LAST_UPDATE_GENERAL"
	InventoryReport   = "GET_FBA_MYI_UNSUPPRESSED_INVENTORY_DATA"
	SettlementReport  = "GET_V2_SETTLEMENT_REPORT_DATA_FLAT_FILE_V2"
	FeeEstimateReport = "GET_FBA_ESTIMATED_FBA_FEES_TXT_DATA"
	ReturnsReport     = "GET_FBA_FULFILLMENT_CUSTOMER_RETURNS_DATA"
	ListingsReport    = "GET_MERCHANT_LISTINGS_ALL_DATA"
)

// History is how far back the orders go.
const History = 90 * 24 * time.Hour

const day = 24 * time.Hour

// World is the simulated Amazon as it stands at one moment: the start of a day (UTC) for tests, which want the same
// world all day, or the present for the demo and the stand-in server, whose users look at today's orders. It holds
// only the sellers' catalogues; orders and everything derived from them are generated from their seeds when asked, a
// day at a time.
type World struct {
	// Now is the moment the world stands at: every event of the world happened before it.
	Now time.Time
	// First is the start of Now's day minus History: the first day with orders.
	First   time.Time
	sellers map[string]*seller
	// prices are the prices set through patchListingsItem, by seller, marketplace and SKU.
	priceMu sync.Mutex
	prices  map[string]decimal.Decimal
}

// New makes the world as it stands at the start of today's day (UTC).
func New(today time.Time) *World {
	return At(today.UTC().Truncate(day))
}

// At makes the world as it stands at the moment now: today's orders up to now exist, later ones do not yet.
func At(now time.Time) *World {
	now = now.UTC()
	w := &World{Now: now, First: now.Truncate(day).Add(-History), sellers: map[string]*seller{}}
	for _, def := range sellerDefs {
		w.sellers[def.id] = newSeller(def, now)
	}
	return w
}

// Sellers lists the world's seller ids.
func (w *World) Sellers() []string {
	out := make([]string, len(sellerDefs))
	for i, d := range sellerDefs {
		out[i] = d.id
	}
	return out
}

// Marketplaces lists the marketplaces a seller sells in (nil for an unknown seller).
func (w *World) Marketplaces(sellerID string) []string {
	s := w.sellers[sellerID]
	if s == nil {
		return nil
	}
	out := make([]string, len(s.markets))
	for i, m := range s.markets {
		out[i] = m.id
	}
	return out
}

// sellerDef is a seller's fixed character: where it sells, its brand and SKU prefix, whether its names are
// Japanese.
type sellerDef struct {
	id       string
	markets  []string
	brand    string
	prefix   string
	japanese bool
}

var sellerDefs = []sellerDef{
	{id: amazontest.DefaultSeller, markets: []string{US, CA, MX}, brand: "Northpeak", prefix: "NP"},
	{id: JapanSeller, markets: []string{JP}, brand: "さくら工房", prefix: "SK", japanese: true},
	{id: EuropeSeller, markets: []string{UK, DE}, brand: "Fjordline", prefix: "FL"},
}

// market is a marketplace's money, tax and shipping rules and how busy the sellers are there.
type market struct {
	id, country, channel, currency string
	// index numbers the marketplace in ids that must not repeat between marketplaces.
	index int
	// dec is how many decimals the currency's amounts have.
	dec int32
	// priceRate converts a US price in cents into this currency's minor units, in hundredths.
	priceRate int64
	// taxBP is the sales tax or VAT in basis points. facilitator: Amazon collects and remits the tax (added to
	// the price, then withheld in the settlement); otherwise the price includes the VAT.
	taxBP       int64
	facilitator bool
	// ordersPerDay is the average number of orders on an ordinary day at the start of 2026.
	ordersPerDay float64
	// expedited and mfnShipping are what the buyer pays for faster FBA delivery and for a seller-shipped order.
	expedited, mfnShipping int64
	// fbaChannel is the listings report's fulfillment-channel for FBA offers.
	fbaChannel string
	// metric: sizes in centimetres and kilograms (else inches and pounds).
	metric bool
	// zone is the marketplace's local time, in which the listings report writes open-date (without summer time).
	zone *time.Location
	// subscription is the monthly Professional plan fee in minor units; fcs are the fulfilment centres returns go
	// to; settleOffset shifts the marketplace's 14-day settlement periods; referralMin is the smallest referral fee.
	subscription int64
	fcs          []string
	settleOffset time.Duration
	referralMin  int64
}

var markets = map[string]*market{
	US: {id: US, country: "US", channel: "Amazon.com", currency: "USD", index: 1, dec: 2, priceRate: 100, taxBP: 725, facilitator: true,
		ordersPerDay: 55, expedited: 599, mfnShipping: 499, fbaChannel: "AMAZON_NA", zone: time.FixedZone("PST", -8*3600),
		subscription: 3999, fcs: []string{"PHX7", "ONT8", "MDW2", "BFI4", "AVP1"}, settleOffset: 0, referralMin: 30},
	CA: {id: CA, country: "CA", channel: "Amazon.ca", currency: "CAD", index: 2, dec: 2, priceRate: 137, taxBP: 1300, facilitator: true,
		ordersPerDay: 12, expedited: 799, mfnShipping: 699, fbaChannel: "AMAZON_NA", zone: time.FixedZone("PST", -8*3600),
		subscription: 2999, fcs: []string{"YYZ4", "YVR3", "YYC1"}, settleOffset: 2 * day, referralMin: 30},
	MX: {id: MX, country: "MX", channel: "Amazon.com.mx", currency: "MXN", index: 3, dec: 2, priceRate: 1800, taxBP: 1600, facilitator: true,
		ordersPerDay: 7, expedited: 9900, mfnShipping: 7900, fbaChannel: "AMAZON_NA", zone: time.FixedZone("PST", -8*3600),
		subscription: 60000, fcs: []string{"MEX1", "MEX2"}, settleOffset: 4 * day, referralMin: 500},
	JP: {id: JP, country: "JP", channel: "Amazon.co.jp", currency: "JPY", index: 4, dec: 0, priceRate: 150, taxBP: 1000,
		ordersPerDay: 42, expedited: 500, mfnShipping: 350, fbaChannel: "AMAZON_FE", metric: true, zone: time.FixedZone("JST", 9*3600),
		subscription: 4900, fcs: []string{"NRT1", "NRT5", "KIX2", "HND3"}, settleOffset: 1 * day, referralMin: 30},
	UK: {id: UK, country: "GB", channel: "Amazon.co.uk", currency: "GBP", index: 5, dec: 2, priceRate: 79, taxBP: 2000,
		ordersPerDay: 25, expedited: 399, mfnShipping: 299, fbaChannel: "AMAZON_EU", metric: true, zone: time.FixedZone("GMT", 0),
		subscription: 2500, fcs: []string{"LTN4", "BHX4", "MAN1"}, settleOffset: 3 * day, referralMin: 25},
	DE: {id: DE, country: "DE", channel: "Amazon.de", currency: "EUR", index: 6, dec: 2, priceRate: 92, taxBP: 1900,
		ordersPerDay: 22, expedited: 499, mfnShipping: 399, fbaChannel: "AMAZON_EU", metric: true, zone: time.FixedZone("CET", 3600),
		subscription: 3900, fcs: []string{"FRA3", "LEJ1", "DUS2"}, settleOffset: 5 * day, referralMin: 30},
}

// store is the fee report's amazon-store: the marketplace's country code as Seller Central shows it.
func (m *market) store() string {
	if m.country == "GB" {
		return "UK"
	}
	return m.country
}

// money turns minor units of the market's currency into a decimal.
func (m *market) money(v int64) decimal.Decimal { return decimal.New(v, -m.dec) }

// seedOf hashes the parts that fix a random stream, so each (seller, marketplace, day) has its own.
func seedOf(parts ...string) uint64 {
	h := fnv.New64a()
	for _, p := range parts {
		h.Write([]byte(p))
		h.Write([]byte{0})
	}
	return h.Sum64()
}

func rngOf(parts ...string) *rand.Rand {
	s := seedOf(parts...)
	return rand.New(rand.NewPCG(s, s^0x9e3779b97f4a7c15))
}

// Scheduled is a report Amazon made by itself (a settlement), as getReports lists it: the stand-in's own type,
// so World.Scheduled plugs into amazontest.Server.Scheduled.
type Scheduled = amazontest.ScheduledReport
