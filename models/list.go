package models

import "gorm.io/gorm"

// NamedList is a page of one of a company's simple named lists (tags, clients, customers, ...): Name is a part
// of the name ("" for all), OrderBy a column of the list's table that the caller has checked against the known
// ones (never the client's text), Desc its direction.
type NamedList struct {
	Name    string
	OrderBy string
	Desc    bool
	Offset  int
	Limit   int
}

// named builds the selection of the company's rows of table whose name contains name ("" for all).
func (db *DB) named(model any, table string, companyID int64, name string) func() *gorm.DB {
	return func() *gorm.DB {
		q := db.Model(model).Scopes(InCompany(table, companyID))
		if name != "" {
			q = q.Where(table+".name LIKE ? ESCAPE '"+likeEscape+"'", containsPattern(name))
		}
		return q
	}
}

// order is the list's ORDER BY: the chosen column, then id so that pages never overlap on equal values; by
// name without a choice.
func (l NamedList) order(table string) string {
	col, dir := l.OrderBy, ""
	if col == "" {
		col = "name"
	}
	if l.Desc {
		dir = " DESC"
	}
	return table + "." + col + dir + ", " + table + ".id" + dir
}

// pageOf counts the rows query selects and reads the list's page of them into rows. query builds a fresh
// statement each time: a gorm statement that has counted is not reused for reading.
func pageOf[T any](query func() *gorm.DB, table string, l NamedList, rows *[]T) (int64, error) {
	var total int64
	if err := query().Count(&total).Error; err != nil || total == 0 {
		return total, err
	}
	return total, query().Order(l.order(table)).Offset(l.Offset).Limit(l.Limit).Find(rows).Error
}
