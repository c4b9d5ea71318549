package advertising

import (
	"context"

	"sellerhub/app/core"

	advertisingdb "sellerhub/models/advertising"
)

// levelLines sums the days (start to end) of each campaign, ad group, keyword or advertised SKU (level) of the
// query's store and 站点 in CNY, each profile's day at its month's rate as 广告概览 converts it; unnamed, in the
// order the database gave them. None when the query names none of the user's stores.
func (s *Service) levelLines(ctx context.Context, p core.Principal, q OverviewQuery, level, start, end string) ([]RoasLine, error) {
	f, ok := overviewFilter(p, q, start, end)
	if !ok {
		return []RoasLine{}, nil
	}
	f.By = level
	rows, err := advertisingdb.OverviewDays(s.db.With(ctx), p.CompanyID, f)
	if err != nil {
		return nil, err
	}
	cny, err := s.daysToCNY(ctx, p.CompanyID, rows)
	if err != nil {
		return nil, err
	}
	at := map[advertisingdb.RankedKey]int{}
	all := []RoasLine{}
	for i, row := range rows {
		k := advertisingdb.RankedKey{ProfileID: row.ProfileID, Key: row.Key}
		j, seen := at[k]
		if !seen {
			j = len(all)
			at[k] = j
			all = append(all, RoasLine{Level: level, ProfileID: row.ProfileID, Key: row.Key})
		}
		all[j].add(cny[i])
	}
	return all, nil
}

// nameLines gives lines of a level their names (a campaign's, an ad group's, a keyword's, a SKU's title), their
// store and 站点; a line whose entity is gone keeps its Amazon id as its name.
func (s *Service) nameLines(ctx context.Context, companyID int64, level string, lines []RoasLine) error {
	keys := make([]advertisingdb.RankedKey, len(lines))
	for i := range lines {
		keys[i] = advertisingdb.RankedKey{ProfileID: lines[i].ProfileID, Key: lines[i].Key}
	}
	names, err := advertisingdb.RankedNames(s.db.With(ctx), companyID, level, keys)
	if err != nil {
		return err
	}
	for i := range lines {
		n, found := names[keys[i]]
		if !found {
			n.Name = lines[i].Key
		}
		lines[i].RankedName = n
	}
	return nil
}
