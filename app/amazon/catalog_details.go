package amazon

import (
	"strings"

	"github.com/shopspring/decimal"
)

// CatalogDetails is what 生成本地产品 takes from a catalogue item in one marketplace: its name and brand
// (summaries), its MAIN picture's link (images) and its measures in kg and cm (dimensions: the package's, what
// ships, else the item's; invalid when Amazon gives none or in a unit not known here).
type CatalogDetails struct {
	Title, Brand, Image           string
	Weight, Length, Width, Height decimal.NullDecimal
}

// Units to centimetres and kilograms, as the Catalog Items API writes them.
var (
	toCentimetres = map[string]float64{"centimeters": 1, "millimeters": 0.1, "meters": 100, "inches": 2.54, "feet": 30.48}
	toKilograms   = map[string]float64{"kilograms": 1, "grams": 0.001, "pounds": 0.45359237, "ounces": 0.028349523125}
)

// measure converts a dimension with the unit table, rounded to places; invalid for none or an unknown unit.
func measure(d *Dimension, units map[string]float64, places int32) decimal.NullDecimal {
	if d == nil || d.Value <= 0 {
		return decimal.NullDecimal{}
	}
	f, ok := units[strings.ToLower(d.Unit)]
	if !ok {
		return decimal.NullDecimal{}
	}
	return decimal.NewNullDecimal(decimal.NewFromFloat(d.Value * f).Round(places))
}

// DetailsIn is the item's details in a marketplace.
func (it *CatalogItem) DetailsIn(marketplaceID string) CatalogDetails {
	var out CatalogDetails
	for _, s := range it.Summaries {
		if s.MarketplaceID == marketplaceID {
			out.Title, out.Brand = s.ItemName, s.Brand
		}
	}
	widest := -1
	for _, set := range it.Images {
		if set.MarketplaceID != marketplaceID {
			continue
		}
		for _, img := range set.Images {
			// The MAIN variant comes in several sizes; the largest reads best on the product's screens too.
			if img.Variant == "MAIN" && img.Width > widest && len(img.Link) <= 300 {
				out.Image, widest = img.Link, img.Width
			}
		}
	}
	for _, d := range it.Dimensions {
		if d.MarketplaceID != marketplaceID {
			continue
		}
		dims := d.Package
		if dims == nil {
			dims = d.Item
		}
		if dims != nil {
			out.Weight = measure(dims.Weight, toKilograms, 3)
			out.Length, out.Width, out.Height = measure(dims.Length, toCentimetres, 2), measure(dims.Width, toCentimetres, 2), measure(dims.Height, toCentimetres, 2)
		}
	}
	return out
}
