package amazontest

import (
	"net/http"
	"regexp"
	"sort"
	"strconv"
	"strings"
)

// The Catalog Items API 2022-04-01 beyond the ASINs of the seller's own listings: searchCatalogItems by keywords
// or by a product identifier (UPC, EAN, GTIN, ISBN, SKU...), and getCatalogItem
// (GET /catalog/2022-04-01/items/{asin}), over a catalogue a test or the world sets (Server.Book), with the
// salesRanks, classifications and identifiers data sets beside catalog.go's. They fail as Amazon does: 400
// InvalidInput for a malformed identifier, an unknown identifiersType or a page size over 20, 404 NOT_FOUND for an
// ASIN the marketplace does not know, 429 QuotaExceeded when throttled (Throttle("searchCatalogItems") or
// Throttle("getCatalogItem")).

// CatalogRecord is an item of the searchable catalogue in one marketplace: a child names its variation parent, a
// parent (Parent "", Children listed by the book) has no package size.
type CatalogRecord struct {
	ASIN, Parent            string
	Title, Brand, Color     string
	UPC, EAN                string
	Classification          string // the browse node's name
	ClassificationID        string
	DisplayGroup            string // the website display group's name (Kitchen & Dining)
	Rank, GroupRank         int    // in the classification and in the display group; 0: unranked
	Long, Mid, Short, Grams int64
}

// CatalogBook is the catalogue of a marketplace (sellerdata.World.Book is one); nil leaves keyword and identifier
// searches refused as catalog.go refuses them.
type CatalogBook func(marketplaceID string) []CatalogRecord

// identifierPatterns are the identifier types the stand-in accepts and what a well-formed one looks like.
var identifierPatterns = map[string]*regexp.Regexp{
	"ASIN": regexp.MustCompile(`^[A-Z0-9]{10}$`), "UPC": regexp.MustCompile(`^[0-9]{12}$`),
	"EAN": regexp.MustCompile(`^[0-9]{13}$`), "GTIN": regexp.MustCompile(`^[0-9]{14}$`),
	"ISBN": regexp.MustCompile(`^([0-9]{9}[0-9X]|[0-9]{13})$`), "JAN": regexp.MustCompile(`^[0-9]{13}$`),
	"SKU": regexp.MustCompile(`^.{1,40}$`),
}

// CheckDigitOK tells whether a UPC, EAN or GTIN's last digit is the GS1 check digit of the others.
func CheckDigitOK(code string) bool {
	if len(code) < 8 {
		return false
	}
	sum := 0
	for i := len(code) - 2; i >= 0; i-- {
		d := int(code[i] - '0')
		if (len(code)-2-i)%2 == 0 {
			d *= 3
		}
		sum += d
	}
	return int(code[len(code)-1]-'0') == (10-sum%10)%10
}

// addCatalogSearch registers getCatalogItem; searchCatalogItems hands keyword and identifier searches to bookSearch.
func addCatalogSearch(s *Server) {
	s.Mux.HandleFunc("GET /catalog/2022-04-01/items/{asin}", func(w http.ResponseWriter, r *http.Request) {
		s.mu.Lock()
		_, ok := s.reportsCall(w, r, "getCatalogItem")
		book, base := s.Book, s.URL
		s.mu.Unlock()
		if ok {
			getCatalogItem(w, r, book, base)
		}
	})
}

// bookSearches says whether a search is one of the catalogue's (keywords, or identifiers not ASINs).
func bookSearches(book CatalogBook, q map[string][]string) bool {
	get := func(k string) string {
		if v := q[k]; len(v) > 0 {
			return v[0]
		}
		return ""
	}
	return book != nil && (get("keywords") != "" || get("identifiers") != "" && get("identifiersType") != "ASIN")
}

func getCatalogItem(w http.ResponseWriter, r *http.Request, book CatalogBook, base string) {
	asin, q := r.PathValue("asin"), r.URL.Query()
	markets := splitList(q.Get("marketplaceIds"))
	switch {
	case len(markets) != 1:
		apiError(w, http.StatusBadRequest, "InvalidInput", "Invalid input: marketplaceIds must contain exactly one marketplace.")
		return
	case !identifierPatterns["ASIN"].MatchString(asin):
		apiError(w, http.StatusBadRequest, "InvalidInput", "Invalid input: '"+asin+"' is not a valid ASIN.")
		return
	}
	var records []CatalogRecord
	if book != nil {
		records = book(markets[0])
	}
	for i := range records {
		if records[i].ASIN == asin {
			writeJSON(w, http.StatusOK, recordItem(records, i, q.Get("includedData"), base, markets[0]))
			return
		}
	}
	apiError(w, http.StatusNotFound, "NOT_FOUND", "Requested item '"+asin+"' not found in marketplace(s) "+markets[0]+".")
}

// bookSearch answers a keywords or identifiers search of the catalogue of market, a page at a time.
func bookSearch(w http.ResponseWriter, q map[string][]string, records []CatalogRecord, base, market string) {
	get := func(k string) string {
		if v := q[k]; len(v) > 0 {
			return v[0]
		}
		return ""
	}
	size := 10
	if v := get("pageSize"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > 20 {
			apiError(w, http.StatusBadRequest, "InvalidInput", "Invalid input: pageSize must be between 1 and 20.")
			return
		}
		size = n
	}
	ids, kind := splitList(get("identifiers")), get("identifiersType")
	var hits []int
	if len(ids) > 0 {
		pattern, ok := identifierPatterns[kind]
		if !ok {
			apiError(w, http.StatusBadRequest, "InvalidInput", "Invalid input: identifiersType '"+kind+"' is not supported.")
			return
		}
		if len(ids) > maxIdentifiers {
			apiError(w, http.StatusBadRequest, "InvalidInput", "Invalid input: identifiers may contain at most 20 values.")
			return
		}
		for _, id := range ids {
			if !pattern.MatchString(id) || (kind == "UPC" || kind == "EAN" || kind == "GTIN") && !CheckDigitOK(id) {
				apiError(w, http.StatusBadRequest, "InvalidInput", "Invalid input: '"+id+"' is not a valid "+kind+".")
				return
			}
		}
		for i, rec := range records {
			for _, id := range ids {
				if kind == "UPC" && rec.UPC == id || (kind == "EAN" || kind == "JAN") && rec.EAN == id ||
					kind == "GTIN" && "00"+rec.UPC == id {
					hits = append(hits, i)
				}
			}
		}
	} else {
		words := strings.Fields(strings.ToLower(get("keywords")))
		brands := splitList(get("brandNames"))
		for i, rec := range records {
			text := strings.ToLower(rec.Title + " " + rec.Brand + " " + rec.Classification)
			match := true
			for _, word := range words {
				match = match && strings.Contains(text, word)
			}
			if match && len(brands) > 0 {
				match = false
				for _, b := range brands {
					match = match || strings.EqualFold(b, rec.Brand)
				}
			}
			if match {
				hits = append(hits, i)
			}
		}
	}
	offset := 0
	if t := get("pageToken"); t != "" {
		n, err := strconv.Atoi(strings.TrimPrefix(t, "page-"))
		if err != nil || n < 0 || n > len(hits) {
			apiError(w, http.StatusBadRequest, "InvalidInput", "Invalid input: pageToken is not valid.")
			return
		}
		offset = n
	}
	brandCount, classCount := map[string]int{}, map[string]int{}
	for _, i := range hits {
		brandCount[records[i].Brand]++
		classCount[records[i].Classification+"\x00"+records[i].ClassificationID]++
	}
	items := []map[string]any{}
	for _, i := range hits[offset:min(offset+size, len(hits))] {
		items = append(items, recordItem(records, i, get("includedData"), base, market))
	}
	pagination := map[string]any{}
	if offset+size < len(hits) {
		pagination["nextToken"] = "page-" + strconv.Itoa(offset+size)
	}
	if offset > 0 {
		pagination["previousToken"] = "page-" + strconv.Itoa(max(0, offset-size))
	}
	refBrands, refClasses := []map[string]any{}, []map[string]any{}
	for b, n := range brandCount {
		refBrands = append(refBrands, map[string]any{"numberOfResults": n, "brandName": b})
	}
	for c, n := range classCount {
		name, id, _ := strings.Cut(c, "\x00")
		refClasses = append(refClasses, map[string]any{"numberOfResults": n, "displayName": name, "classificationId": id})
	}
	sort.Slice(refBrands, func(i, j int) bool { return refBrands[i]["brandName"].(string) < refBrands[j]["brandName"].(string) })
	sort.Slice(refClasses, func(i, j int) bool {
		return refClasses[i]["displayName"].(string) < refClasses[j]["displayName"].(string)
	})
	writeJSON(w, http.StatusOK, map[string]any{"numberOfResults": len(hits), "pagination": pagination,
		"refinements": map[string]any{"brands": refBrands, "classifications": refClasses}, "items": items})
}

// recordItem is records[i] as an item of the answers, with the data sets of includedData (summaries when none).
func recordItem(records []CatalogRecord, i int, includedData, base, market string) map[string]any {
	if includedData == "" {
		includedData = "summaries"
	}
	rec := records[i]
	included := func(set string) bool { return strings.Contains(","+includedData+",", ","+set+",") }
	item := map[string]any{"asin": rec.ASIN}
	describeItem(item, included, base, market, rec.ASIN, CatalogEntry{Title: rec.Title, Brand: rec.Brand,
		Long: rec.Long, Mid: rec.Mid, Short: rec.Short, Grams: rec.Grams})
	if included("summaries") {
		s := item["summaries"].([]map[string]any)[0]
		s["color"], s["browseClassification"] = rec.Color, map[string]any{"displayName": rec.Classification, "classificationId": rec.ClassificationID}
		s["websiteDisplayGroupName"] = rec.DisplayGroup
		if rec.Parent == "" && rec.Grams == 0 {
			s["itemClassification"] = "VARIATION_PARENT"
		}
	}
	if included("relationships") {
		rel := []map[string]any{}
		theme := map[string]any{"attributes": []string{"color"}, "theme": "COLOR"}
		if rec.Parent != "" {
			rel = append(rel, map[string]any{"type": "VARIATION", "parentAsins": []string{rec.Parent}, "variationTheme": theme})
		} else {
			var children []string
			for _, o := range records {
				if o.Parent == rec.ASIN {
					children = append(children, o.ASIN)
				}
			}
			if len(children) > 0 {
				rel = append(rel, map[string]any{"type": "VARIATION", "childAsins": children, "variationTheme": theme})
			}
		}
		item["relationships"] = []map[string]any{{"marketplaceId": market, "relationships": rel}}
	}
	if included("salesRanks") {
		ranks := map[string]any{"marketplaceId": market, "classificationRanks": []any{}, "displayGroupRanks": []any{}}
		if rec.Rank > 0 {
			ranks["classificationRanks"] = []map[string]any{{"classificationId": rec.ClassificationID, "title": rec.Classification,
				"link": "https://www.amazon.com/gp/bestsellers/" + rec.ClassificationID, "rank": rec.Rank}}
			ranks["displayGroupRanks"] = []map[string]any{{"websiteDisplayGroup": strings.ToLower(strings.ReplaceAll(rec.DisplayGroup, " ", "_")) + "_display_on_website",
				"title": rec.DisplayGroup, "link": "https://www.amazon.com/gp/bestsellers/", "rank": rec.GroupRank}}
		}
		item["salesRanks"] = []map[string]any{ranks}
	}
	if included("classifications") {
		item["classifications"] = []map[string]any{{"marketplaceId": market, "classifications": []map[string]any{{
			"displayName": rec.Classification, "classificationId": rec.ClassificationID,
			"parent": map[string]any{"displayName": rec.DisplayGroup, "classificationId": "1" + rec.ClassificationID}}}}}
	}
	if included("identifiers") {
		ids := []map[string]any{}
		if rec.UPC != "" {
			ids = append(ids, map[string]any{"identifierType": "UPC", "identifier": rec.UPC})
		}
		if rec.EAN != "" {
			ids = append(ids, map[string]any{"identifierType": "EAN", "identifier": rec.EAN})
		}
		item["identifiers"] = []map[string]any{{"marketplaceId": market, "identifiers": ids}}
	}
	return item
}

// addBookSets adds to an ASIN search's item the data sets only the catalogue has (salesRanks, classifications,
// identifiers), when asked and the book knows the ASIN.
func addBookSets(item map[string]any, book CatalogBook, market, asin string, included func(string) bool) {
	if book == nil || !included("salesRanks") && !included("classifications") && !included("identifiers") {
		return
	}
	records := book(market)
	for i := range records {
		if records[i].ASIN != asin {
			continue
		}
		var sets []string
		for _, set := range []string{"salesRanks", "classifications", "identifiers"} {
			if included(set) {
				sets = append(sets, set)
			}
		}
		for k, v := range recordItem(records, i, strings.Join(sets, ","), "", market) {
			if k != "asin" {
				item[k] = v
			}
		}
		return
	}
}

// BookSets adds to an ItemAnswer the data sets of includedData only the catalogue has (salesRanks,
// classifications, identifiers), as searchCatalogItems adds them: the demo ranks its listings through it.
func BookSets(item map[string]any, book CatalogBook, market, asin, includedData string) {
	addBookSets(item, book, market, asin, func(set string) bool { return strings.Contains(","+includedData+",", ","+set+",") })
}
