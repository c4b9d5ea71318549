// Package amazondata brings a seller's Amazon reports into the product: each report kind's flat file, read line by
// line, is upserted idempotently (reading the same file twice changes nothing the second time) into the company's
// orders, FBA stock, settlements, fee estimates, returns and listings. A file comes from the data sync (a report
// Amazon made) or from a seller's upload (the same file downloaded from Seller Central): one import path, one
// parser per kind. It knows nothing of jobs, echo or HTTP.
package amazondata

import "sellerhub/app/amazon"

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
)

// Kinds lists every kind.
var Kinds = []Kind{Orders, Inventory, Settlements, FeeEstimates, Returns, Listings, Parents}

// kindInfo is what each kind is called and which report brings it.
type kindInfo struct {
	label      string
	reportType string
	// scheduled: Amazon makes the report by itself (settlements); the sync lists them instead of asking.
	scheduled bool
}

var kinds = map[Kind]kindInfo{
	Orders:       {"订单", "GET_FLAT_FILE_ALL_ORDERS_DATA_BY_LAST_UPDATE_GENERAL", false},
	Inventory:    {"FBA库存", "GET_FBA_MYI_UNSUPPRESSED_INVENTORY_DATA", false},
	Settlements:  {"结算报告", "GET_V2_SETTLEMENT_REPORT_DATA_FLAT_FILE_V2", true},
	FeeEstimates: {"FBA费用预估", "GET_FBA_ESTIMATED_FBA_FEES_TXT_DATA", false},
	Returns:      {"买家退货", "GET_FBA_FULFILLMENT_CUSTOMER_RETURNS_DATA", false},
	Listings:     {"在售商品", "GET_MERCHANT_LISTINGS_ALL_DATA", false},
	Parents:      {"父ASIN", "", false},
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

// Scheduled tells whether Amazon makes the kind's reports by itself (listed with getReports, never requested).
func (k Kind) Scheduled() bool { return kinds[k].scheduled }

// KindOfReportType finds the kind a report type carries.
func KindOfReportType(reportType string) (Kind, bool) {
	for k, info := range kinds {
		if info.reportType != "" && info.reportType == reportType {
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
