package service

import (
	"context"
	"slices"

	"sellerhub/models"
)

// whatStoreGroup names a store group in 店铺不存在.
const whatStoreGroup = "店铺"

// storeGroupLimit is the store groups the user may see: nil for every group of the company.
func (s *Service) storeGroupLimit(ctx context.Context, p Principal) ([]int64, error) {
	return s.db.With(ctx).StoreGroupLimit(p.CompanyID, p.UserID)
}

// visibleStoreGroup loads a store group of the user's company that the user may see, or answers 店铺不存在 (also
// for another company's, and for one the user is not limited to).
func (s *Service) visibleStoreGroup(ctx context.Context, p Principal, id string) (*models.StoreGroup, error) {
	n, ok := parseID(id)
	if !ok {
		return nil, NotFound(whatStoreGroup)
	}
	return s.visibleStoreGroupByID(ctx, p, n)
}

func (s *Service) visibleStoreGroupByID(ctx context.Context, p Principal, id int64) (*models.StoreGroup, error) {
	g, err := s.db.With(ctx).StoreGroupByID(p.CompanyID, id)
	if models.IsNotFound(err) {
		return nil, NotFound(whatStoreGroup)
	}
	if err != nil {
		return nil, err
	}
	limit, err := s.storeGroupLimit(ctx, p)
	if err != nil {
		return nil, err
	}
	if limit != nil && !slices.Contains(limit, g.ID) {
		return nil, NotFound(whatStoreGroup)
	}
	return g, nil
}
