package stores

import (
	"time"
	_ "time/tzdata" // the marketplaces' zones, on machines without zoneinfo too

	"gorm.io/gorm/clause"

	"sellerhub/models"
)

// The Amazon reference data: regions, marketplaces and the currencies the product shows money in. This file is its
// single source: the seed writes Marketplaces into the marketplaces table (so queries can join it), and code that
// only needs a lookup reads the maps below without a query.

// Region is one of Amazon's three Selling Partner API regions. The hosts are Amazon's production ones; the
// configuration may point them elsewhere (the tests point them at a local stand-in).
type Region struct {
	Code              string // NA, EU, FE
	Name              string // 北美, 欧洲, 远东
	SellingPartnerAPI string // https://sellingpartnerapi-na.amazon.com
	AdvertisingAPI    string // https://advertising-api.amazon.com
}

// Regions in the order the store list shows them.
var Regions = []Region{
	{"NA", "北美", "https://sellingpartnerapi-na.amazon.com", "https://advertising-api.amazon.com"},
	{"EU", "欧洲", "https://sellingpartnerapi-eu.amazon.com", "https://advertising-api-eu.amazon.com"},
	{"FE", "远东", "https://sellingpartnerapi-fe.amazon.com", "https://advertising-api-fe.amazon.com"},
}

// Marketplace is one Amazon marketplace: its id, two-letter country code (UK, not GB, as sellers say it),
// Chinese name, region, currency and Seller Central host (where the consent page lives).
type Marketplace struct {
	ID            string `gorm:"primaryKey"`
	Country       string
	Name          string
	Region        string
	Currency      string
	SellerCentral string
	Sort          int
}

// Marketplaces are the 20 marketplaces of the specification, by region then the order sellers expect.
var Marketplaces = []Marketplace{
	{"ATVPDKIKX0DER", "US", "美国", "NA", "USD", "https://sellercentral.amazon.com", 1},
	{"A2EUQ1WTGCTBG2", "CA", "加拿大", "NA", "CAD", "https://sellercentral.amazon.ca", 2},
	{"A1AM78C64UM0Y8", "MX", "墨西哥", "NA", "MXN", "https://sellercentral.amazon.com.mx", 3},
	{"A2Q3Y263D00KWC", "BR", "巴西", "NA", "BRL", "https://sellercentral.amazon.com.br", 4},
	{"A1F83G8C2ARO7P", "UK", "英国", "EU", "GBP", "https://sellercentral.amazon.co.uk", 5},
	{"A1PA6795UKMFR9", "DE", "德国", "EU", "EUR", "https://sellercentral.amazon.de", 6},
	{"A13V1IB3VIYZZH", "FR", "法国", "EU", "EUR", "https://sellercentral.amazon.fr", 7},
	{"APJ6JRA9NG5V4", "IT", "意大利", "EU", "EUR", "https://sellercentral.amazon.it", 8},
	{"A1RKKUPIHCS9HS", "ES", "西班牙", "EU", "EUR", "https://sellercentral.amazon.es", 9},
	{"A1805IZSGTT6HS", "NL", "荷兰", "EU", "EUR", "https://sellercentral.amazon.nl", 10},
	{"A2NODRKZP88ZB9", "SE", "瑞典", "EU", "SEK", "https://sellercentral.amazon.se", 11},
	{"A1C3SOZRARQ6R3", "PL", "波兰", "EU", "PLN", "https://sellercentral.amazon.pl", 12},
	{"A33AVAJ2PDY3EV", "TR", "土耳其", "EU", "TRY", "https://sellercentral.amazon.com.tr", 13},
	{"A2VIGQ35RCS4UG", "AE", "阿联酋", "EU", "AED", "https://sellercentral.amazon.ae", 14},
	{"A17E79C6D8DWNP", "SA", "沙特", "EU", "SAR", "https://sellercentral.amazon.sa", 15},
	{"ARBP9OOSHTCHU", "EG", "埃及", "EU", "EGP", "https://sellercentral.amazon.eg", 16},
	{"A21TJRUUN4KGV", "IN", "印度", "EU", "INR", "https://sellercentral.amazon.in", 17},
	{"A1VC38T7YXB528", "JP", "日本", "FE", "JPY", "https://sellercentral.amazon.co.jp", 18},
	{"A39IBJ37TRP1C6", "AU", "澳大利亚", "FE", "AUD", "https://sellercentral.amazon.com.au", 19},
	{"A19VAU5U5O7RUS", "SG", "新加坡", "FE", "SGD", "https://sellercentral.amazon.sg", 20},
}

// CurrencySymbols are the symbols money is shown with: models' one table (models.Money.Text).
var CurrencySymbols = models.CurrencySymbols

// marketplaceZones are the zones Amazon's reports and Seller Central count a marketplace's days in: Pacific time
// for all of North America (the orders report's dates, as Amazon's NA reports use it), the country's own zone
// elsewhere.
var marketplaceZones = map[string]string{
	"US": "America/Los_Angeles", "CA": "America/Los_Angeles", "MX": "America/Los_Angeles", "BR": "America/Sao_Paulo",
	"UK": "Europe/London", "DE": "Europe/Berlin", "FR": "Europe/Paris", "IT": "Europe/Rome", "ES": "Europe/Madrid",
	"NL": "Europe/Amsterdam", "SE": "Europe/Stockholm", "PL": "Europe/Warsaw", "TR": "Europe/Istanbul",
	"AE": "Asia/Dubai", "SA": "Asia/Riyadh", "EG": "Africa/Cairo", "IN": "Asia/Kolkata", "JP": "Asia/Tokyo",
	"AU": "Australia/Sydney", "SG": "Asia/Singapore",
}

// MarketplaceZone is the time zone a marketplace's days are counted in; false for an unknown marketplace.
func MarketplaceZone(id string) (*time.Location, bool) {
	loc, ok := zoneByMarketplace[id]
	return loc, ok
}

var (
	zoneByMarketplace    = map[string]*time.Location{}
	marketplaceByID      = map[string]Marketplace{}
	marketplaceByCountry = map[string]Marketplace{}
	regionByCode         = map[string]Region{}
)

func init() {
	for _, m := range Marketplaces {
		marketplaceByID[m.ID] = m
		marketplaceByCountry[m.Country] = m
		loc, err := time.LoadLocation(marketplaceZones[m.Country])
		if err != nil {
			panic("marketplace " + m.Country + ": " + err.Error())
		}
		zoneByMarketplace[m.ID] = loc
	}
	for _, r := range Regions {
		regionByCode[r.Code] = r
	}
}

// MarketplaceByID finds a marketplace by its Amazon id.
func MarketplaceByID(id string) (Marketplace, bool) {
	m, ok := marketplaceByID[id]
	return m, ok
}

// MarketplaceByCountry finds a marketplace by its country code (US, UK, DE...).
func MarketplaceByCountry(country string) (Marketplace, bool) {
	m, ok := marketplaceByCountry[country]
	return m, ok
}

// RegionByCode finds a region by NA, EU or FE.
func RegionByCode(code string) (Region, bool) {
	r, ok := regionByCode[code]
	return r, ok
}

// SaveMarketplaces writes the reference marketplaces into the marketplaces table, adding missing ones and
// correcting changed ones, so the table always equals Marketplaces.
func SaveMarketplaces(db *models.DB) error {
	rows := append([]Marketplace(nil), Marketplaces...)
	return db.Clauses(clause.OnConflict{UpdateAll: true}).Create(&rows).Error
}

// MarketplaceLocation is the time zone of a marketplace's dates (MarketplaceZone); UTC for an id the product does
// not know.
func MarketplaceLocation(marketplaceID string) *time.Location {
	if loc, ok := MarketplaceZone(marketplaceID); ok {
		return loc
	}
	return time.UTC
}
