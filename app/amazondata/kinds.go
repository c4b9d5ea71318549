// Package amazondata brings a seller's Amazon reports into the product: each report kind's flat file, read line by
// line, is upserted idempotently (reading the same file twice changes nothing the second time) into the company's
// orders, FBA stock, settlements, fee estimates, returns and listings. A file comes from the data sync (a report
// Amazon made) or from a seller's upload (the same file downloaded from Seller Central): one import path, one
// parser per kind. It knows nothing of jobs, echo or HTTP.
package amazondata

import (
	"slices"

	"sellerhub/app/amazon"
)

// Kind is a kind of Amazon data the product keeps, one report type each.
type Kind string

// The kinds, in the order the 数据同步 screen lists them.
const (
	Orders       Kind = "orders"
	Inventory    Kind = "inventory"
	Settlements  Kind = "settlements"
	FeeEstimates Kind = "fees"
	Returns      Kind = "returns"
	Listings     Kind = "listings"
	// Parents are the listed ASINs' variation parents, which no report carries: the sync asks the Catalog Items
	// API about them (after the listings, whose ASINs it asks about).
	Parents Kind = "parents"
	// LedgerEvents are the inventory ledger's events (receipts, shipments, returns, transfers, adjustments) per
	// FNSKU, fulfilment centre and day; LedgerBalances its daily balances per fulfilment centre; Reimbursements what
	// Amazon paid back (cash or units).
	LedgerEvents   Kind = "ledger"
	LedgerBalances Kind = "ledgerbalance"
	Reimbursements Kind = "reimbursements"
	// StorageFees are the monthly storage fees per FNSKU and fulfilment centre; AgedSurcharges the long-term
	// storage fees (the aged inventory surcharge) on units past 180 days, per SKU and monthly snapshot.
	StorageFees    Kind = "storagefees"
	AgedSurcharges Kind = "agedsurcharges"
	// InventoryPlanning is each FBA SKU's inventory health as of the day (age buckets, excess, Amazon's
	// recommended action, days of supply): only the latest snapshot is kept.
	InventoryPlanning Kind = "planning"
	// RemovalOrders are the seller's removal orders (Return, Disposal, Liquidations) line by SKU and disposition,
	// read by the day they last changed; RemovalShipments the packages Amazon shipped for them, with carrier and
	// tracking number.
	RemovalOrders    Kind = "removalorders"
	RemovalShipments Kind = "removalshipments"
	// SalesTraffic is each child ASIN's sessions, page views, Buy Box share and orders of a day (Amazon's business
	// report, a JSON document), a report per marketplace and day: the report sums its range by ASIN.
	SalesTraffic Kind = "salestraffic"
	// AdEntities and AdReports are an advertising profile's Sponsored Products (the Advertising API's v3 lists)
	// and their daily figures (its Reporting v3): a store's tasks of them exist once its store group has
	// advertising authorised in the seller account's region.
	AdEntities Kind = "adentities"
	AdReports  Kind = "adreports"
	// VATTransactions are the lines of Amazon's VAT transactions report (the VAT calculation service's) of a
	// European seller account: a store's task of it exists once its store group is enrolled in the service in a
	// marketplace (VAT发票's setting), and VAT发票 then reads the VAT of its orders from it.
	VATTransactions Kind = "vattransactions"
)

// VATKinds lists the kinds of enrolled stores only, after the advertising ones on the screen.
var VATKinds = []Kind{VATTransactions}

// AdKinds lists the advertising kinds, after Kinds on the screen.
var AdKinds = []Kind{AdEntities, AdReports}

// Advertising tells an advertising kind, which the Advertising API brings, not the Selling Partner API.
func (k Kind) Advertising() bool { return k == AdEntities || k == AdReports }

// Kinds lists every kind.
var Kinds = []Kind{Orders, Inventory, Settlements, FeeEstimates, Returns, Listings, Parents, LedgerEvents, LedgerBalances,
	Reimbursements, StorageFees, AgedSurcharges, InventoryPlanning, RemovalOrders, RemovalShipments,
	SalesTraffic}

// kindInfo is what each kind is called and which report brings it.
type kindInfo struct {
	label      string
	reportType string
	// scheduled: Amazon makes the report by itself (settlements); the sync lists them instead of asking.
	scheduled bool
	// options are the report's reportOptions as createReport takes them.
	options map[string]string
}

// moreReports are a kind's other report types, asked for beside its own in the same run: inventory health is
// three reports of one SKU (planning, reserved, stranded), read into one screen.
var moreReports = map[Kind][]string{InventoryPlanning: {ReservedReport, StrandedReport}}

var kinds = map[Kind]kindInfo{
	Orders:       {"订单", "GET_FLAT_FILE_ALL_ORDERS_DATA_BY_LAST_UPDATE_GENERAL", false, nil},
	Inventory:    {"FBA库存", "GET_FBA_MYI_UNSUPPRESSED_INVENTORY_DATA", false, nil},
	Settlements:  {"结算报告", "GET_V2_SETTLEMENT_REPORT_DATA_FLAT_FILE_V2", true, nil},
	FeeEstimates: {"FBA费用预估", "GET_FBA_ESTIMATED_FBA_FEES_TXT_DATA", false, nil},
	Returns:      {"买家退货", "GET_FBA_FULFILLMENT_CUSTOMER_RETURNS_DATA", false, nil},
	Listings:     {"在售商品", "GET_MERCHANT_LISTINGS_ALL_DATA", false, nil},
	Parents:      {"父ASIN", "", false, nil},
	LedgerEvents: {"库存分类账明细", "GET_LEDGER_DETAIL_VIEW_DATA", false, nil},
	// Daily balances per fulfilment centre: FBA每日库存 shows a SKU's stock in each.
	LedgerBalances: {"库存分类账汇总", "GET_LEDGER_SUMMARY_VIEW_DATA", false,
		map[string]string{"aggregateByLocation": "FC", "aggregatedByTimePeriod": "DAILY"}},
	Reimbursements:    {"赔偿报告", "GET_FBA_REIMBURSEMENTS_DATA", false, nil},
	StorageFees:       {"月度仓储费", "GET_FBA_STORAGE_FEE_CHARGES_DATA", false, nil},
	AgedSurcharges:    {"长期仓储费", "GET_FBA_FULFILLMENT_LONGTERM_STORAGE_FEE_CHARGES_DATA", false, nil},
	InventoryPlanning: {"库存规划", "GET_FBA_INVENTORY_PLANNING_DATA", false, nil},
	RemovalOrders:     {"移除订单", "GET_FBA_FULFILLMENT_REMOVAL_ORDER_DETAIL_DATA", false, nil},
	RemovalShipments:  {"移除货件", "GET_FBA_FULFILLMENT_REMOVAL_SHIPMENT_DETAIL_DATA", false, nil},
	SalesTraffic: {"销售与流量", "GET_SALES_AND_TRAFFIC_REPORT", false,
		map[string]string{"dateGranularity": "DAY", "asinGranularity": "CHILD"}},
	VATTransactions: {"VAT交易报告", "GET_VAT_TRANSACTION_DATA", false, nil},
	AdEntities:      {"广告活动", "", false, nil},
	AdReports:       {"广告报表", "", false, nil},
}

// Valid tells whether k is one of the kinds.
func (k Kind) Valid() bool { _, ok := kinds[k]; return ok }

// Label is the kind's name on screen.
func (k Kind) Label() string { return kinds[k].label }

// ReportType is the Selling Partner API report type that carries the kind.
func (k Kind) ReportType() string { return kinds[k].reportType }

// FromReport tells whether the kind comes in a report file (every kind but the parents, which the catalogue
// answers): only those are asked for as reports or uploaded.
func (k Kind) FromReport() bool { return kinds[k].reportType != "" }

// ReportTypes are every report type the kind brings: its own first, then the others asked in the same run.
func (k Kind) ReportTypes() []string {
	info := kinds[k]
	if info.reportType == "" {
		return nil
	}
	return append([]string{info.reportType}, moreReports[k]...)
}

// ReportOptions are the reportOptions the kind's report is asked with (nil for none).
func (k Kind) ReportOptions() map[string]string { return kinds[k].options }

// Scheduled tells whether Amazon makes the kind's reports by itself (listed with getReports, never requested).
func (k Kind) Scheduled() bool { return kinds[k].scheduled }

// KindOfReportType finds the kind a report type carries.
func KindOfReportType(reportType string) (Kind, bool) {
	for k, info := range kinds {
		if info.reportType != "" && info.reportType == reportType || slices.Contains(moreReports[k], reportType) {
			return k, true
		}
	}
	return "", false
}

// Store is the seller account (and, for reports of one marketplace, that marketplace) a file belongs to.
type Store struct {
	CompanyID int64
	SellerID  int64
	GroupID   int64
	Region    string
	// MarketplaceID is the marketplace the report was asked for; "" for reports that name theirs on each line
	// (orders, settlements, fee estimates).
	MarketplaceID string
	// ReportID is Amazon's id of the report the file is; "" for a file uploaded by hand.
	ReportID string
}

// Result is what an import did.
type Result struct {
	// Lines is how many lines of data were read.
	Lines int
	// Written is how many rows were inserted or changed (0 when the same file is read again).
	Written int
}

// Progress is told, now and then, how many lines have been read so far.
type Progress func(lines int)

// importer reads one kind's file into the database.
type importer func(s *Service, st Store, r *amazon.TSVReader, progress Progress) (Result, error)
