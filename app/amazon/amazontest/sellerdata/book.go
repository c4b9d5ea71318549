package sellerdata

import (
	"fmt"
	"hash/fnv"
	"sort"
	"strings"

	"sellerhub/app/amazon/amazontest"
)

// displayGroups name each product group's website display group, as the catalogue's sales ranks do.
var displayGroups = map[string]string{"Kitchen": "Kitchen & Dining", "Home": "Home & Kitchen", "Sports": "Sports & Outdoors",
	"Electronics": "Electronics", "Office Products": "Office Products", "Pet Products": "Pet Supplies", "Beauty": "Beauty & Personal Care"}

func hashOf(parts ...string) uint32 {
	h := fnv.New32a()
	for _, p := range parts {
		_, _ = h.Write([]byte(p))
	}
	return h.Sum32()
}

// upcOf is an ASIN's UPC: eleven digits drawn from it and the GS1 check digit.
func upcOf(asin string) string {
	body := fmt.Sprintf("8%010d", uint64(hashOf("upc", asin))*7%10000000000)
	for d := 0; d <= 9; d++ {
		if code := body + fmt.Sprint(d); amazontest.CheckDigitOK(code) {
			return code
		}
	}
	return ""
}

// Book is the catalogue of a marketplace (amazontest.Server.Book): every product of the sellers who sell there and
// their variation parents, with a UPC (its EAN the same number with a leading 0), the product group as its
// classification and a sales rank that follows the product's share of orders.
func (w *World) Book(marketplaceID string) []amazontest.CatalogRecord {
	m := markets[marketplaceID]
	var out []amazontest.CatalogRecord
	seen := map[string]bool{}
	ids := make([]string, 0, len(w.sellers))
	for id := range w.sellers {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	for _, id := range ids {
		s := w.sellers[id]
		if m == nil || !s.sells(m) {
			continue
		}
		for _, p := range s.products {
			group := displayGroups[p.group]
			classID := fmt.Sprint(1000000 + hashOf("class", p.group)%9000000)
			colour := ""
			for _, c := range colours {
				if strings.HasSuffix(p.sku, "-"+c.code) {
					colour = c.en
				}
			}
			rank := 0
			if p.weight > 0 {
				rank = int(50/p.weight) + int(hashOf("rank", p.asin)%40)
			}
			upc := upcOf(p.asin)
			out = append(out, amazontest.CatalogRecord{ASIN: p.asin, Parent: p.parent, Title: p.name, Brand: p.brand, Color: colour,
				UPC: upc, EAN: "0" + upc, Classification: p.group, ClassificationID: classID, DisplayGroup: group,
				Rank: rank, GroupRank: rank * 37, Long: p.long, Mid: p.mid, Short: p.short, Grams: p.grams})
			if p.parent != "" && !seen[p.parent] {
				seen[p.parent] = true
				out = append(out, amazontest.CatalogRecord{ASIN: p.parent, Title: p.parentName, Brand: p.brand,
					Classification: p.group, ClassificationID: classID, DisplayGroup: group})
			}
		}
	}
	return out
}
