package amazon

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"strings"
)

// The Catalog Items API 2022-04-01 as 商品目录 browses it: searchCatalogItems by keywords or by one product
// identifier (ASIN, UPC, EAN...) a page at a time, and getCatalogItem, each with the data sets a seller reads of an
// item before selling it: summaries, images, sales ranks, classifications, relationships (its variations) and
// identifiers.

// CatalogBrowseData are the data sets 商品目录 asks of each item (dimensions too, for a product made from it).
const CatalogBrowseData = "summaries,images,salesRanks,classifications,relationships,identifiers,dimensions"

// CatalogRanks are an item's sales ranks in a marketplace: in its classifications and its display groups.
type CatalogRanks struct {
	MarketplaceID       string `json:"marketplaceId"`
	ClassificationRanks []struct {
		ClassificationID string `json:"classificationId"`
		Title            string `json:"title"`
		Rank             int    `json:"rank"`
	} `json:"classificationRanks"`
	DisplayGroupRanks []struct {
		WebsiteDisplayGroup string `json:"websiteDisplayGroup"`
		Title               string `json:"title"`
		Rank                int    `json:"rank"`
	} `json:"displayGroupRanks"`
}

// CatalogClassification is an item's browse classifications in a marketplace, each with its parents.
type CatalogClassification struct {
	MarketplaceID   string         `json:"marketplaceId"`
	Classifications []BrowseNodeOf `json:"classifications"`
}

// BrowseNodeOf is a browse classification and, up the tree, its parent.
type BrowseNodeOf struct {
	DisplayName      string        `json:"displayName"`
	ClassificationID string        `json:"classificationId"`
	Parent           *BrowseNodeOf `json:"parent"`
}

// CatalogIdentifiers are an item's external identifiers in a marketplace (UPC, EAN, GTIN, ISBN...).
type CatalogIdentifiers struct {
	MarketplaceID string `json:"marketplaceId"`
	Identifiers   []struct {
		IdentifierType string `json:"identifierType"`
		Identifier     string `json:"identifier"`
	} `json:"identifiers"`
}

// CatalogQuery is a search of one marketplace's catalogue: keywords, or identifiers of one type; a page of
// PageSize (1-20) items, from PageToken.
type CatalogQuery struct {
	MarketplaceID   string
	Keywords        string
	Identifiers     []string
	IdentifiersType string
	PageSize        int
	PageToken       string
}

// CatalogPage is a page of a search: how many items it found, the tokens of the pages beside, and the items.
type CatalogPage struct {
	NumberOfResults int `json:"numberOfResults"`
	Pagination      struct {
		NextToken     string `json:"nextToken"`
		PreviousToken string `json:"previousToken"`
	} `json:"pagination"`
	Items []CatalogItem `json:"items"`
}

// SearchCatalog searches a marketplace's catalogue (GET /catalog/2022-04-01/items) with CatalogBrowseData.
func (s *SellingPartner) SearchCatalog(ctx context.Context, endpoint, refreshToken string, q CatalogQuery) (CatalogPage, error) {
	params := url.Values{}
	params.Set("marketplaceIds", q.MarketplaceID)
	params.Set("includedData", CatalogBrowseData)
	if len(q.Identifiers) > 0 {
		params.Set("identifiers", strings.Join(q.Identifiers, ","))
		params.Set("identifiersType", q.IdentifiersType)
	} else {
		params.Set("keywords", q.Keywords)
	}
	if q.PageSize > 0 {
		params.Set("pageSize", fmt.Sprint(q.PageSize))
	}
	if q.PageToken != "" {
		params.Set("pageToken", q.PageToken)
	}
	var out CatalogPage
	err := s.call(ctx, "searchCatalogItems", http.MethodGet, endpoint+catalogPath+"/items?"+params.Encode(), refreshToken, nil, &out)
	return out, err
}

// GetCatalogItem reads one ASIN of a marketplace's catalogue (GET /catalog/2022-04-01/items/{asin}) with
// CatalogBrowseData; Amazon answers 404 for an ASIN it does not know there.
func (s *SellingPartner) GetCatalogItem(ctx context.Context, endpoint, refreshToken, marketplaceID, asin string) (CatalogItem, error) {
	params := url.Values{}
	params.Set("marketplaceIds", marketplaceID)
	params.Set("includedData", CatalogBrowseData)
	var out CatalogItem
	err := s.call(ctx, "getCatalogItem", http.MethodGet, endpoint+catalogPath+"/items/"+url.PathEscape(asin)+"?"+params.Encode(), refreshToken, nil, &out)
	return out, err
}
