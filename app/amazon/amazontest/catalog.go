package amazontest

import (
	"net/http"
	"strings"
)

// The Catalog Items API 2022-04-01 of the stand-in: searchCatalogItems by ASIN with the relationships data set,
// which is what the product asks it (the parents of the seller's ASINs). It answers Amazon's ItemSearchResults:
// numberOfResults, pagination, refinements and items, each item's relationships grouped by marketplace. Throttle
// and SetRateLimit work on it as on the Reports operations (operation "searchCatalogItems").

// CatalogParents says, for the ASINs asked in a marketplace, which the catalogue knows and their variation parent
// ("" for none). sellerdata.World.Parents is one.
type CatalogParents func(sellerID, marketplaceID string, asins []string) map[string]string

// maxIdentifiers is how many identifiers searchCatalogItems takes.
const maxIdentifiers = 20

func (s *Server) addCatalog() {
	s.Mux.HandleFunc("GET /catalog/2022-04-01/items", s.searchCatalogItems)
}

func (s *Server) searchCatalogItems(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	seller, ok := s.reportsCall(w, r, "searchCatalogItems")
	catalog := s.Catalog
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
	relationships := strings.Contains(","+q.Get("includedData")+",", ",relationships,")
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
