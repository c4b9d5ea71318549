package api

import (
	"encoding/json"

	"sellerhub/models"
)

// Amount is an amount as the JSON calls answer it: a number written exactly, two decimals. Lists send numbers and
// the browser shows them (islands/lib/money.js), so that an export's cells stay numbers a spreadsheet can sum.
func Amount(m models.Money) json.Number { return json.Number(m.StringFixed(2)) }
