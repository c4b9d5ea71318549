package amazondata

import (
	"context"

	amazondatadb "sellerhub/models/amazondata"
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
