package amazon

import "strings"

// CatalogRanking is what 商品列表 and 商品目录 show of an item's standing in a marketplace: its rank in the website
// display group (GroupRank in GroupTitle, "#2,109 Kitchen & Dining") and in its first classification (ClassRank in
// ClassTitle), 0 where Amazon gives none, and its browse classification as a path from the top of the tree
// (Kitchen & Dining › Tumblers).
type CatalogRanking struct {
	GroupRank      int
	GroupTitle     string
	ClassRank      int
	ClassTitle     string
	Classification string
	// Ranked: the answer had sales ranks for the marketplace (an unranked item has none).
	Ranked bool
}

// RankingIn is the item's ranking in a marketplace. Amazon lists an item's ranks best known first, so the first of
// each kind is the one shown; the classifications data set's path wins over the summaries' single node.
func (it *CatalogItem) RankingIn(marketplaceID string) CatalogRanking {
	var out CatalogRanking
	for _, s := range it.Summaries {
		if s.MarketplaceID == marketplaceID && s.BrowseClassification != nil {
			out.Classification = s.BrowseClassification.DisplayName
		}
	}
	for _, c := range it.Classifications {
		if c.MarketplaceID != marketplaceID || len(c.Classifications) == 0 {
			continue
		}
		var path []string
		for n := &c.Classifications[0]; n != nil; n = n.Parent {
			path = append([]string{n.DisplayName}, path...)
		}
		out.Classification = strings.Join(path, " › ")
	}
	for _, r := range it.SalesRanks {
		if r.MarketplaceID != marketplaceID {
			continue
		}
		if len(r.ClassificationRanks) > 0 {
			out.ClassRank, out.ClassTitle, out.Ranked = r.ClassificationRanks[0].Rank, r.ClassificationRanks[0].Title, true
		}
		if len(r.DisplayGroupRanks) > 0 {
			out.GroupRank, out.GroupTitle, out.Ranked = r.DisplayGroupRanks[0].Rank, r.DisplayGroupRanks[0].Title, true
		}
	}
	return out
}
