package amazondata

import (
	"context"

	"sellerhub/app/amazon"
	amazondatadb "sellerhub/models/amazondata"
	catalogdb "sellerhub/models/catalog"
)

// ListedASINs are the ASINs of a store's listings by marketplace, the ones whose parents the sync looks up.
func (s *Service) ListedASINs(ctx context.Context, st Store) ([]amazondatadb.MarketplaceASIN, error) {
	return amazondatadb.ListedASINs(s.db.With(ctx), st.CompanyID, st.GroupID)
}

// SaveParents writes what the catalogue said of a marketplace's ASINs: each one's variation parent ("" for a
// standalone product). ASINs the catalogue did not know are left as they were. A parent already kept as it is is
// not written again, so saving the same answer twice writes nothing (Written 0).
func (s *Service) SaveParents(ctx context.Context, st Store, marketplaceID string, parents map[string]string) (Result, error) {
	rows := make([]amazondatadb.ASINParent, 0, len(parents))
	for asin, parent := range parents {
		rows = append(rows, amazondatadb.ASINParent{MarketplaceID: marketplaceID, ASIN: asin, ParentASIN: parent})
	}
	n, err := amazondatadb.UpsertASINParents(s.db.With(ctx), st.CompanyID, rows)
	return Result{Lines: len(rows), Written: int(n)}, err
}

// SaveCatalogItems keeps what the catalogue said of a marketplace's ASINs (name, brand, picture, measures) for
// 生成本地产品, and their sales ranks and classification for 商品列表's 排名. An item already kept as it is is not
// written again.
func (s *Service) SaveCatalogItems(ctx context.Context, st Store, marketplaceID string, items []amazon.CatalogItem) (int64, error) {
	now := s.now.Stamp()
	rows := make([]catalogdb.CatalogItem, 0, len(items))
	for i := range items {
		d, r := items[i].DetailsIn(marketplaceID), items[i].RankingIn(marketplaceID)
		row := catalogdb.CatalogItem{CompanyID: st.CompanyID, MarketplaceID: marketplaceID, ASIN: items[i].ASIN,
			Title: clip(d.Title, 500), Brand: clip(d.Brand, 200), Image: d.Image, Weight: d.Weight, Length: d.Length,
			Width: d.Width, Height: d.Height, GroupRank: positive(r.GroupRank), GroupTitle: clip(r.GroupTitle, 200),
			ClassRank: positive(r.ClassRank), ClassTitle: clip(r.ClassTitle, 200), Classification: clip(r.Classification, 500),
			CreatedAt: now, UpdatedAt: now}
		if r.Ranked {
			row.RankedAt = &now
		}
		rows = append(rows, row)
	}
	return catalogdb.UpsertCatalogItems(s.db.With(ctx), rows)
}

// positive is a rank Amazon gave, nil for none (0).
func positive(rank int) *int {
	if rank <= 0 {
		return nil
	}
	return &rank
}

// clip cuts text to the column's length in characters.
func clip(s string, n int) string {
	if r := []rune(s); len(r) > n {
		return string(r[:n])
	}
	return s
}
