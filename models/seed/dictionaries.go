package seed

import (
	"context"

	"sellerhub/models"
	"sellerhub/models/reference"
)

// dictSeed is a dictionary the demo company starts with, its items in order.
type dictSeed struct {
	code, name, remark string
	items              []itemSeed
}

// itemSeed is one item; remark carries what the value needs beside its name (a currency's symbol).
type itemSeed struct {
	value, name, remark string
}

// DemoDictionaries are the demo company's dictionaries: the specification's eleven currencies (their symbols in
// the remarks) and the ways goods ship.
var DemoDictionaries = []dictSeed{
	{code: "currency", name: "币种", remark: "ISO 4217 货币代码，备注为货币符号", items: []itemSeed{
		{"USD", "美元", "$"}, {"GBP", "英镑", "£"}, {"EUR", "欧元", "€"}, {"JPY", "日元", "¥"},
		{"CNY", "人民币", "¥"}, {"CAD", "加拿大元", "C$"}, {"INR", "印度卢比", "₹"}, {"AUD", "澳大利亚元", "A$"},
		{"MXN", "墨西哥比索", "Mex$"}, {"SEK", "瑞典克朗", "kr"}, {"PLN", "波兰兹罗提", "zł"},
	}},
	{code: "ship_method", name: "运输方式", items: []itemSeed{
		{"sea", "海运", ""}, {"air", "空运", ""}, {"express", "快递", ""}, {"rail", "铁路", ""}, {"truck", "卡车", ""},
	}},
}

// SeedDictionaries gives the company each of DemoDictionaries whose code it does not use yet, with its items. A
// dictionary the company already has is the company's: the seed neither adds to nor changes it.
func SeedDictionaries(ctx context.Context, db *models.DB, companyID int64) error {
	for _, s := range DemoDictionaries {
		err := db.Tx(ctx, func(tx *models.DB) error {
			if _, err := reference.DictByCode(tx, companyID, s.code); err == nil || !models.IsNotFound(err) {
				return err
			}
			d := &reference.Dict{CompanyID: companyID, Code: s.code, Name: s.name, Status: reference.DictEnabled, Remark: s.remark}
			if err := reference.CreateDict(tx, d); err != nil {
				return err
			}
			for i, it := range s.items {
				if err := reference.CreateDictItem(tx, &reference.DictItem{CompanyID: companyID, DictCode: s.code, Name: it.name,
					Value: it.value, Sort: i + 1, Status: reference.DictEnabled, Remark: it.remark}); err != nil {
					return err
				}
			}
			return nil
		})
		if err != nil {
			return err
		}
	}
	return nil
}
