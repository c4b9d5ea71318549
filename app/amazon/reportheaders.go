package amazon

import "strings"

// japaneseColumns are the Japanese column names of the files Amazon.co.jp writes, as written, with the names
// Amazon gives those columns elsewhere (the names the importers read). Only the all-listings report
// (GET_MERCHANT_LISTINGS_ALL_DATA) is known to carry them: its Japanese file names these columns so and keeps the
// others (image-url, asin1, zshop-*, pending-quantity, merchant-shipping-group, …) in English. The names come
// from published integrations that read Amazon's Japanese listings file and agree on them; 在庫数 is left out
// because they disagree on it (quantity or pending-quantity), and "ASIN 1" is written by one of them where the
// others keep asin1. No source names Japanese columns for the orders, FBA stock, settlement, fee or returns
// reports (Seller Central Japan's help lists the orders report's fields in English).
var japaneseColumns = map[string]string{
	"商品名":       "item-name",
	"商品の説明":     "item-description",
	"出品ID":      "listing-id",
	"出品者SKU":    "seller-sku",
	"価格":        "price",
	"数量":        "quantity",
	"出品日":       "open-date",
	"商品IDタイプ":   "product-id-type",
	"コンディション説明": "item-note",
	"コンディション":   "item-condition",
	"ASIN 1":    "asin1",
	"ASIN 2":    "asin2",
	"ASIN 3":    "asin3",
	"国外へ配送可":    "will-ship-internationally",
	"迅速な配送":     "expedited-shipping",
	"商品ID":      "product-id",
	"フルフィルメント・チャンネル": "fulfillment-channel",
	"ステータス": "status",
}

// columnKeys is japaneseColumns by the lower-case name a header's column is looked up by.
var columnKeys = func() map[string]string {
	out := make(map[string]string, len(japaneseColumns))
	for ja, en := range japaneseColumns {
		out[strings.ToLower(ja)] = en
	}
	return out
}()

// columnKey is the name a header's column is found by: lower case, and Amazon's English name for a Japanese one.
func columnKey(name string) string {
	key := strings.ToLower(strings.TrimSpace(name))
	if en, ok := columnKeys[key]; ok {
		return en
	}
	return key
}
