package amazontest

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"net/http"
	"regexp"
	"strings"
)

// The Catalog Items API 2022-04-01 of the stand-in: searchCatalogItems by ASIN with the relationships, summaries,
// images, dimensions and attributes data sets (the parents of the seller's ASINs, and what 生成本地产品 names,
// pictures and measures a product from). It answers Amazon's ItemSearchResults: numberOfResults, pagination,
// refinements and items, each data set grouped by marketplace as Amazon groups it. The MAIN pictures are PNGs the
// stand-in serves itself (GET /images/I/{asin}.png). Throttle
// and SetRateLimit work on it as on the Reports operations (operation "searchCatalogItems").

// CatalogParents says, for the ASINs asked in a marketplace, which the catalogue knows and their variation parent
// ("" for none). sellerdata.World.Parents is one.
type CatalogParents func(sellerID, marketplaceID string, asins []string) map[string]string

// CatalogEntry is what the catalogue says of an ASIN beside its parent: its name and brand, and its package's
// size in millimetres and grams (zero for a variation parent, which is not sold by itself).
type CatalogEntry struct {
	Title, Brand            string
	Long, Mid, Short, Grams int64
}

// CatalogItems says what the catalogue knows of an ASIN in a marketplace (sellerdata.World.Item is one); nil, or
// false, leaves the item without summaries, images or dimensions.
type CatalogItems func(sellerID, marketplaceID, asin string) (CatalogEntry, bool)

// imperial are the marketplaces whose catalogue measures in inches and pounds, as Amazon's does.
var imperial = map[string]bool{"ATVPDKIKX0DER": true, "A2EUQ1WTGCTBG2": true, "A1AM78C64UM0Y8": true}

// maxIdentifiers is how many identifiers searchCatalogItems takes.
const maxIdentifiers = 20

func (s *Server) addCatalog() {
	s.Mux.HandleFunc("GET /catalog/2022-04-01/items", s.searchCatalogItems)
	s.Mux.HandleFunc("GET /images/I/{name}", s.catalogImage)
}

func (s *Server) searchCatalogItems(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	seller, ok := s.reportsCall(w, r, "searchCatalogItems")
	catalog, entries, book, base := s.Catalog, s.Items, s.Book, s.URL
	s.mu.Unlock()
	if !ok {
		return
	}
	q := r.URL.Query()
	asins := splitList(q.Get("identifiers"))
	markets := splitList(q.Get("marketplaceIds"))
	switch {
	case len(markets) != 1:
		// Amazon takes one marketplace per search.
		apiError(w, http.StatusBadRequest, "InvalidInput", "Invalid input: marketplaceIds must contain exactly one marketplace.")
		return
	case bookSearches(book, q):
		bookSearch(w, q, book(markets[0]), base, markets[0])
		return
	case len(asins) == 0 && q.Get("keywords") == "":
		apiError(w, http.StatusBadRequest, "InvalidInput", "Invalid input: either identifiers or keywords is required.")
		return
	case len(asins) > maxIdentifiers:
		apiError(w, http.StatusBadRequest, "InvalidInput", "Invalid input: identifiers may contain at most 20 values.")
		return
	case len(asins) > 0 && q.Get("identifiersType") != "ASIN":
		apiError(w, http.StatusBadRequest, "InvalidInput", "Invalid input: the stand-in searches by identifiersType ASIN only.")
		return
	}
	market := markets[0]
	var parents map[string]string
	if catalog != nil {
		parents = catalog(seller, market, asins)
	} else {
		parents = map[string]string{}
		for _, a := range asins {
			parents[a] = ""
		}
	}
	included := func(set string) bool { return strings.Contains(","+q.Get("includedData")+",", ","+set+",") }
	relationships := included("relationships")
	items := []map[string]any{}
	for _, a := range asins {
		parent, known := parents[a]
		if !known {
			continue
		}
		item := map[string]any{"asin": a}
		if relationships {
			item["relationships"] = []map[string]any{{"marketplaceId": market, "relationships": relationsOf(a, parent, parents)}}
		}
		if entries != nil {
			if e, ok := entries(seller, market, a); ok {
				describeItem(item, included, s.URL, market, a, e)
			}
		}
		addBookSets(item, book, market, a, included)
		items = append(items, item)
	}
	writeJSON(w, http.StatusOK, map[string]any{"numberOfResults": len(items), "pagination": map[string]any{},
		"refinements": map[string]any{"brands": []any{}, "classifications": []any{}}, "items": items})
}

// relationsOf is an item's VARIATION relationship as Amazon writes it: a child names its parent, a parent asked
// beside its children names those children; a standalone item has none.
func relationsOf(asin, parent string, asked map[string]string) []map[string]any {
	theme := map[string]any{"attributes": []string{"color"}, "theme": "COLOR"}
	if parent != "" {
		return []map[string]any{{"type": "VARIATION", "parentAsins": []string{parent}, "variationTheme": theme}}
	}
	var children []string
	for child, p := range asked {
		if p == asin {
			children = append(children, child)
		}
	}
	if len(children) == 0 {
		return []map[string]any{}
	}
	return []map[string]any{{"type": "VARIATION", "childAsins": children, "variationTheme": theme}}
}

// splitList reads a comma-delimited query parameter.
func splitList(v string) []string {
	var out []string
	for _, x := range strings.Split(v, ",") {
		if x = strings.TrimSpace(x); x != "" {
			out = append(out, x)
		}
	}
	return out
}

// describeItem adds the asked data sets of an entry to an item, in Amazon's shapes: summaries (itemName, brand),
// images (the MAIN variant, a link and its size), dimensions (item and package, each measure with its unit) and
// attributes (item_name and brand as the product type definitions write them).
func describeItem(item map[string]any, included func(string) bool, imageBase, market, asin string, e CatalogEntry) {
	if included("summaries") {
		item["summaries"] = []map[string]any{{"marketplaceId": market, "itemName": e.Title, "brand": e.Brand,
			"itemClassification": "BASE_PRODUCT", "manufacturer": e.Brand}}
	}
	if included("images") {
		item["images"] = []map[string]any{{"marketplaceId": market, "images": []map[string]any{
			{"variant": "MAIN", "link": imageBase + "/images/I/" + asin + ".png", "height": 500, "width": 500},
			{"variant": "MAIN", "link": imageBase + "/images/I/" + asin + "._SL75_.png", "height": 75, "width": 75}}}}
	}
	if included("dimensions") && e.Grams > 0 {
		length, weight := func(mm int64) map[string]any { return map[string]any{"unit": "centimeters", "value": float64(mm) / 10} },
			map[string]any{"unit": "kilograms", "value": float64(e.Grams) / 1000}
		if imperial[market] {
			length = func(mm int64) map[string]any {
				return map[string]any{"unit": "inches", "value": round2(float64(mm) / 25.4)}
			}
			weight = map[string]any{"unit": "pounds", "value": round2(float64(e.Grams) / 453.59237)}
		}
		pkg := map[string]any{"length": length(e.Long), "width": length(e.Mid), "height": length(e.Short), "weight": weight}
		item["dimensions"] = []map[string]any{{"marketplaceId": market, "item": pkg, "package": pkg}}
	}
	if included("attributes") {
		item["attributes"] = map[string]any{
			"item_name": []map[string]any{{"value": e.Title, "language_tag": "en_US", "marketplace_id": market}},
			"brand":     []map[string]any{{"value": e.Brand, "language_tag": "en_US", "marketplace_id": market}}}
	}
}

// ItemAnswer is the item searchCatalogItems answers for an ASIN the catalogue knows in a marketplace (its
// variation parent, "" for none, and its entry), with the data sets of includedData and the pictures' links under
// imageBase: the demo reads its catalogue through it, the same JSON without a server.
func ItemAnswer(imageBase, market, asin, parent string, e CatalogEntry, includedData string) map[string]any {
	included := func(set string) bool { return strings.Contains(","+includedData+",", ","+set+",") }
	item := map[string]any{"asin": asin}
	if included("relationships") {
		item["relationships"] = []map[string]any{{"marketplaceId": market, "relationships": relationsOf(asin, parent, nil)}}
	}
	describeItem(item, included, imageBase, market, asin, e)
	return item
}

func round2(f float64) float64 { return float64(int64(f*100+0.5)) / 100 }

var imageName = regexp.MustCompile(`^(B0[0-9A-Z]{8})(\._SL75_)?\.png$`)

// catalogImage serves an item's picture: a square in a colour drawn from its ASIN, so that products differ.
func (s *Server) catalogImage(w http.ResponseWriter, r *http.Request) {
	m := imageName.FindStringSubmatch(r.PathValue("name"))
	if m == nil {
		http.NotFound(w, r)
		return
	}
	size := 500
	if m[2] != "" {
		size = 75
	}
	var h uint32
	for _, c := range m[1] {
		h = h*31 + uint32(c)
	}
	fill := color.RGBA{R: uint8(h), G: uint8(h >> 8), B: uint8(h >> 16), A: 255}
	img := image.NewRGBA(image.Rect(0, 0, size, size))
	for y := 0; y < size; y++ {
		for x := 0; x < size; x++ {
			if x > size/5 && x < size*4/5 && y > size/5 && y < size*4/5 {
				img.Set(x, y, fill)
			} else {
				img.Set(x, y, color.White)
			}
		}
	}
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "image/png")
	w.Header().Set("Cache-Control", fmt.Sprintf("max-age=%d", 86400))
	_, _ = w.Write(b.Bytes())
}
