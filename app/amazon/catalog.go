package amazon

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"strings"
)

// The Catalog Items API 2022-04-01: searchCatalogItems by identifiers reads up to 20 ASINs' items in one call; with
// includedData=relationships each item lists, per marketplace, its variation relationships, whose parentAsins name
// the variation family it is a child of. Amazon's reports name no parent ASIN, so this is where 父ASIN comes from.
// The same call with summaries, images and dimensions names, pictures and measures an ASIN for 生成本地产品.

// catalogPath is the Catalog Items API's version root on a region's endpoint.
const catalogPath = "/catalog/2022-04-01"

// MaxCatalogIdentifiers is how many identifiers one searchCatalogItems call takes at most.
const MaxCatalogIdentifiers = 20

// relationshipVariation is the relationship type of a variation family (the other, PACKAGE_HIERARCHY, is a
// multipack's).
const relationshipVariation = "VARIATION"

// CatalogItem is an item of searchCatalogItems' answer with the relationships data set.
type CatalogItem struct {
	ASIN          string `json:"asin"`
	Relationships []struct {
		MarketplaceID string `json:"marketplaceId"`
		Relationships []struct {
			Type        string   `json:"type"`
			ParentASINs []string `json:"parentAsins"`
			ChildASINs  []string `json:"childAsins"`
		} `json:"relationships"`
	} `json:"relationships"`
	Summaries []struct {
		MarketplaceID        string `json:"marketplaceId"`
		ItemName             string `json:"itemName"`
		Brand                string `json:"brand"`
		Color                string `json:"color"`
		ItemClassification   string `json:"itemClassification"`
		BrowseClassification *struct {
			DisplayName      string `json:"displayName"`
			ClassificationID string `json:"classificationId"`
		} `json:"browseClassification"`
	} `json:"summaries"`
	SalesRanks      []CatalogRanks          `json:"salesRanks"`
	Classifications []CatalogClassification `json:"classifications"`
	Identifiers     []CatalogIdentifiers    `json:"identifiers"`
	Images          []struct {
		MarketplaceID string `json:"marketplaceId"`
		Images        []struct {
			Variant string `json:"variant"`
			Link    string `json:"link"`
			Height  int    `json:"height"`
			Width   int    `json:"width"`
		} `json:"images"`
	} `json:"images"`
	Dimensions []struct {
		MarketplaceID string      `json:"marketplaceId"`
		Item          *Dimensions `json:"item"`
		Package       *Dimensions `json:"package"`
	} `json:"dimensions"`
}

// Dimensions are an item's or its package's measures as the catalogue gives them, each with its unit.
type Dimensions struct {
	Height *Dimension `json:"height"`
	Length *Dimension `json:"length"`
	Weight *Dimension `json:"weight"`
	Width  *Dimension `json:"width"`
}

// Dimension is one measure: a value and its unit (inches, centimeters, pounds, kilograms, ...).
type Dimension struct {
	Unit  string  `json:"unit"`
	Value float64 `json:"value"`
}

// ParentIn is the item's variation parent in a marketplace: the first parent ASIN of its VARIATION relationships
// there, "" for a standalone item (or a parent itself).
func (it *CatalogItem) ParentIn(marketplaceID string) string {
	for _, byMarket := range it.Relationships {
		if byMarket.MarketplaceID != marketplaceID {
			continue
		}
		for _, r := range byMarket.Relationships {
			if r.Type == relationshipVariation && len(r.ParentASINs) > 0 {
				return r.ParentASINs[0]
			}
		}
	}
	return ""
}

// CatalogIncludedData are the data sets the sync asks of each item: the parent, what 生成本地产品 takes, and 商品列表's
// 排名 (salesRanks, classifications). Not attributes: the largest set by far, and what it would add (the name, the
// brand, the measures) the others give.
const CatalogIncludedData = "relationships,summaries,images,dimensions,salesRanks,classifications"

// SearchCatalogItems asks the catalogue of one marketplace about up to MaxCatalogIdentifiers ASINs
// (GET /catalog/2022-04-01/items?identifiersType=ASIN&includedData=CatalogIncludedData) and answers the items
// Amazon knows.
func (s *SellingPartner) SearchCatalogItems(ctx context.Context, endpoint, refreshToken, marketplaceID string, asins []string) ([]CatalogItem, error) {
	if len(asins) == 0 {
		return nil, nil
	}
	if len(asins) > MaxCatalogIdentifiers {
		return nil, fmt.Errorf("selling partner api: searchCatalogItems takes at most %d identifiers, not %d", MaxCatalogIdentifiers, len(asins))
	}
	params := url.Values{}
	params.Set("identifiers", strings.Join(asins, ","))
	params.Set("identifiersType", "ASIN")
	params.Set("marketplaceIds", marketplaceID)
	params.Set("includedData", CatalogIncludedData)
	// An identifiers search answers every item on one page when pageSize covers them (its default is 10).
	params.Set("pageSize", fmt.Sprint(MaxCatalogIdentifiers))
	var out struct {
		NumberOfResults int           `json:"numberOfResults"`
		Items           []CatalogItem `json:"items"`
	}
	if err := s.call(ctx, "searchCatalogItems", http.MethodGet, endpoint+catalogPath+"/items?"+params.Encode(), refreshToken, nil, &out); err != nil {
		return nil, err
	}
	return out.Items, nil
}

// ASINParents asks the catalogue of one marketplace about up to MaxCatalogIdentifiers ASINs
// (GET /catalog/2022-04-01/items?identifiersType=ASIN&includedData=relationships) and maps each ASIN Amazon knows
// to its variation parent ("" for none). An ASIN Amazon does not know is not in the map.
func (s *SellingPartner) ASINParents(ctx context.Context, endpoint, refreshToken, marketplaceID string, asins []string) (map[string]string, error) {
	items, err := s.SearchCatalogItems(ctx, endpoint, refreshToken, marketplaceID, asins)
	if err != nil {
		return nil, err
	}
	return ParentsOf(items, marketplaceID), nil
}

// ParentsOf maps each item to its variation parent in the marketplace ("" for none).
func ParentsOf(items []CatalogItem, marketplaceID string) map[string]string {
	parents := make(map[string]string, len(items))
	for i := range items {
		parents[items[i].ASIN] = items[i].ParentIn(marketplaceID)
	}
	return parents
}
