package models

import (
	"strconv"

	"gorm.io/gorm/clause"
)

// literalLimit writes a statement's LIMIT and OFFSET on PostgreSQL as numbers, not as parameters: a parameter's
// generic plan is priced for a tenth of the table's rows, so PostgreSQL planned every execution anew; with numbers
// it is priced for the page and kept. They are integers gorm was given, so writing them cannot inject anything.
func literalLimit(c clause.Clause, builder clause.Builder) {
	limit, ok := c.Expression.(clause.Limit)
	if !ok {
		c.Build(builder)
		return
	}
	if limit.Limit != nil && *limit.Limit >= 0 {
		builder.WriteString("LIMIT ")
		builder.WriteString(strconv.Itoa(*limit.Limit))
	}
	if limit.Offset > 0 {
		if limit.Limit != nil && *limit.Limit >= 0 {
			builder.WriteByte(' ')
		}
		builder.WriteString("OFFSET ")
		builder.WriteString(strconv.Itoa(limit.Offset))
	}
}
