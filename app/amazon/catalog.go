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

// ASINParents asks the catalogue of one marketplace about up to MaxCatalogIdentifiers ASINs
// (GET /catalog/2022-04-01/items?identifiersType=ASIN&includedData=relationships) and maps each ASIN Amazon knows
// to its variation parent ("" for none). An ASIN Amazon does not know is not in the map.
func (s *SellingPartner) ASINParents(ctx context.Context, endpoint, refreshToken, marketplaceID string, asins []string) (map[string]string, error) {
	if len(asins) == 0 {
		return map[string]string{}, nil
	}
	if len(asins) > MaxCatalogIdentifiers {
		return nil, fmt.Errorf("selling partner api: searchCatalogItems takes at most %d identifiers, not %d", MaxCatalogIdentifiers, len(asins))
	}
	params := url.Values{}
	params.Set("identifiers", strings.Join(asins, ","))
	params.Set("identifiersType", "ASIN")
	params.Set("marketplaceIds", marketplaceID)
	params.Set("includedData", "relationships")
	// An identifiers search answers every item on one page when pageSize covers them (its default is 10).
	params.Set("pageSize", fmt.Sprint(MaxCatalogIdentifiers))
	var out struct {
		NumberOfResults int           `json:"numberOfResults"`
		Items           []CatalogItem `json:"items"`
	}
	if err := s.call(ctx, "searchCatalogItems", http.MethodGet, endpoint+catalogPath+"/items?"+params.Encode(), refreshToken, nil, &out); err != nil {
		return nil, err
	}
	parents := make(map[string]string, len(out.Items))
	for i := range out.Items {
		parents[out.Items[i].ASIN] = out.Items[i].ParentIn(marketplaceID)
	}
	return parents, nil
}
