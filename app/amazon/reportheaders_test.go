package amazon_test

import (
	"strings"
	"testing"

	"sellerhub/app/amazon"
)

// Amazon.co.jp's listings file names its columns in Japanese (出品者SKU, 価格, …) and keeps some in English
// (asin1): each is found by Amazon's English name, and the header still reads as written. A name no source gives
// stays only itself.
func TestJapaneseListingsColumnsReadByTheirEnglishNames(t *testing.T) {
	file := "商品名\t出品ID\t出品者SKU\t価格\t数量\t出品日\tasin1\tフルフィルメント・チャンネル\tステータス\t在庫数\n" +
		"さくら 湯呑み\t0315ABCDEFG\tSK-001\t1980\t3\t2026/03/15 10:20:30 JST\tB0JPASIN01\tDEFAULT\tActive\t7\n"
	r, err := amazon.NewTSVReader(strings.NewReader(file))
	if err != nil {
		t.Fatal(err)
	}
	row, err := r.Next()
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{"item-name": "さくら 湯呑み", "listing-id": "0315ABCDEFG", "seller-sku": "SK-001",
		"price": "1980", "quantity": "3", "open-date": "2026/03/15 10:20:30 JST", "asin1": "B0JPASIN01",
		"fulfillment-channel": "DEFAULT", "status": "Active", "在庫数": "7"}
	for col, v := range want {
		if !r.Has(col) || row.Get(col) != v {
			t.Errorf("column %s: has %v, value %q, want %q", col, r.Has(col), row.Get(col), v)
		}
	}
	if r.Has("pending-quantity") || r.Header()[2] != "出品者SKU" {
		t.Errorf("header %v, pending-quantity found: %v", r.Header(), r.Has("pending-quantity"))
	}
	spaced, err := amazon.NewTSVReader(strings.NewReader("ASIN 1\tseller-sku\nB0JPASIN02\tSK-002\n"))
	if err != nil {
		t.Fatal(err)
	}
	if row, err := spaced.Next(); err != nil || row.Get("asin1") != "B0JPASIN02" {
		t.Errorf("ASIN 1 read as asin1: %q %v", row.Get("asin1"), err)
	}
}
