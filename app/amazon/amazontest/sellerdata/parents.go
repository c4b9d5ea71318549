package sellerdata

import "sellerhub/app/amazon/amazontest"

// Parents is the Catalog Items API's truth about ASINs in a marketplace (amazontest.Server.Catalog): each of the
// seller's ASINs Amazon knows there, children and their parents both, with its variation parent ("" for a
// standalone product or a parent). ASINs the seller does not sell there are unknown (not in the map).
func (w *World) Parents(sellerID, marketplaceID string, asins []string) map[string]string {
	s := w.sellers[sellerID]
	m := markets[marketplaceID]
	out := map[string]string{}
	if s == nil || m == nil || !s.sells(m) {
		return out
	}
	known := map[string]string{}
	for _, p := range s.products {
		known[p.asin] = p.parent
		if p.parent != "" {
			known[p.parent] = ""
		}
	}
	for _, a := range asins {
		if parent, ok := known[a]; ok {
			out[a] = parent
		}
	}
	return out
}

// ParentsOf maps every ASIN a seller sells to its parent ASIN ("" for a standalone product): the truth the sales
// report by 父ASIN is checked against.
func (w *World) ParentsOf(sellerID string) map[string]string {
	s := w.sellers[sellerID]
	out := map[string]string{}
	if s == nil {
		return out
	}
	for _, p := range s.products {
		out[p.asin] = p.parent
	}
	return out
}

// Item is the catalogue's entry of one of the seller's ASINs (a child, a standalone product or a parent) in a
// marketplace the seller sells in; false for an ASIN the seller does not sell there.
func (w *World) Item(sellerID, marketplaceID, asin string) (amazontest.CatalogEntry, bool) {
	s := w.sellers[sellerID]
	m := markets[marketplaceID]
	if s == nil || m == nil || !s.sells(m) {
		return amazontest.CatalogEntry{}, false
	}
	for _, p := range s.products {
		switch asin {
		case p.asin:
			return amazontest.CatalogEntry{Title: p.name, Brand: p.brand, Long: p.long, Mid: p.mid, Short: p.short, Grams: p.grams}, true
		case p.parent:
			return amazontest.CatalogEntry{Title: p.parentName, Brand: p.brand}, true
		}
	}
	return amazontest.CatalogEntry{}, false
}
