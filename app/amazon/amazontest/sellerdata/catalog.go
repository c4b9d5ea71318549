package sellerdata

import (
	"fmt"
	"math"
	"sort"
	"time"
)

// Catalogue sizes: products that sell, and listings so new that no other report knows them yet (they wait in
// SKU配对 to be paired).
const (
	sellingProducts = 50
	newListings     = 3
	mfnProducts     = 5
)

// product is one seller SKU, the same offer in each of the seller's marketplaces.
type product struct {
	sku, asin, fnsku string
	// parent is the ASIN of the product's variation family (its template's), "" for a standalone product.
	parent            string
	name, description string
	// parentName is the variation family's name (the template's, without the colour).
	parentName   string
	group, brand string
	// mfn: the seller ships it (no FBA stock, no FBA fee). newOnly: only the listings report has it.
	mfn, newOnly bool
	// promo: the product takes part in the marketplaces' promotions.
	promo bool
	// weight is its share of the seller's orders (a long tail: a few products sell most).
	weight float64
	// Package size in millimetres and grams.
	long, mid, short, grams int64
	// price is the listing price per market index, in the market's minor units (VAT included where there is VAT).
	price [8]int64
	// opened is when the listing was created.
	opened time.Time
}

// template is a kind of product the sellers make in several colours.
type template struct {
	en, ja, group, code string
	cents               int64 // typical US price
	long, mid, short    int64 // mm
	grams               int64
}

var templates = []template{
	{"Stainless Steel Insulated Tumbler 20oz", "ステンレス真空断熱タンブラー 590ml", "Kitchen", "KT01", 2499, 230, 95, 95, 380},
	{"Silicone Spatula Set, 3 Pieces", "シリコンスパチュラ 3本セット", "Kitchen", "KT02", 1299, 300, 80, 40, 210},
	{"Bamboo Cutting Board, Large", "竹製まな板 Lサイズ", "Kitchen", "KT03", 2999, 450, 300, 20, 1450},
	{"Glass Food Storage Containers, 5 Pack", "耐熱ガラス保存容器 5個セット", "Kitchen", "KT04", 3499, 320, 220, 160, 2600},
	{"Pour-Over Coffee Dripper", "ハンドドリップ コーヒードリッパー", "Kitchen", "KT05", 1899, 150, 150, 110, 320},
	{"Electric Milk Frother", "電動ミルクフォーマー", "Kitchen", "KT06", 1599, 260, 60, 50, 150},
	{"Memory Foam Pillow", "低反発まくら", "Home", "HM01", 3999, 620, 380, 140, 1300},
	{"Linen Throw Blanket 50x60", "リネン ブランケット 130x150cm", "Home", "HM02", 4599, 350, 280, 90, 950},
	{"LED Desk Lamp with USB Port", "USBポート付き LEDデスクライト", "Home", "HM03", 3299, 420, 180, 100, 1100},
	{"Ceramic Plant Pot 6 inch", "陶器 植木鉢 15cm", "Home", "HM04", 1999, 190, 190, 170, 900},
	{"Aroma Diffuser 300ml", "アロマディフューザー 300ml", "Home", "HM05", 2799, 200, 200, 190, 700},
	{"Non-Slip Yoga Mat 6mm", "滑りにくいヨガマット 6mm", "Sports", "SP01", 2999, 620, 150, 150, 1150},
	{"Resistance Bands Set of 5", "トレーニングチューブ 5本セット", "Sports", "SP02", 1999, 200, 150, 60, 450},
	{"Insulated Water Bottle 32oz", "真空断熱ボトル 1L", "Sports", "SP03", 2699, 290, 90, 90, 520},
	{"Jump Rope with Counter", "カウンター付き 縄跳び", "Sports", "SP04", 1199, 210, 120, 50, 260},
	{"USB-C Charging Cable 6ft, 2 Pack", "USB-C 充電ケーブル 2m 2本", "Electronics", "EL01", 1299, 160, 110, 25, 120},
	{"Wireless Charging Pad 15W", "ワイヤレス充電器 15W", "Electronics", "EL02", 1999, 130, 130, 40, 180},
	{"Bluetooth Earbuds with Charging Case", "Bluetooth イヤホン 充電ケース付き", "Electronics", "EL03", 3999, 120, 100, 50, 160},
	{"Aluminum Laptop Stand", "アルミ製 ノートパソコンスタンド", "Electronics", "EL04", 3499, 280, 240, 60, 1000},
	{"Phone Car Mount", "車載スマホホルダー", "Electronics", "EL05", 1699, 160, 110, 80, 200},
	{"Gel Ink Pens, 12 Pack", "ゲルインクボールペン 12本セット", "Office Products", "OF01", 999, 170, 90, 20, 130},
	{"Desk Organizer with Drawer", "引き出し付き デスクオーガナイザー", "Office Products", "OF02", 2499, 330, 200, 150, 1200},
	{"A5 Dotted Notebook", "A5 ドット方眼ノート", "Office Products", "OF03", 1399, 215, 150, 15, 290},
	{"Pet Grooming Brush", "ペット用 抜け毛取りブラシ", "Pet Products", "PT01", 1499, 200, 110, 60, 170},
	{"Dog Poop Bags, 240 Count", "犬用 うんち袋 240枚", "Pet Products", "PT02", 1299, 180, 120, 70, 420},
	{"Cardboard Cat Scratcher", "猫の爪とぎ 段ボール", "Pet Products", "PT03", 2299, 460, 250, 80, 1300},
	{"Makeup Brush Set, 10 Pieces", "メイクブラシ 10本セット", "Beauty", "BT01", 1899, 200, 100, 40, 230},
	{"Mulberry Silk Sleep Mask", "シルク アイマスク", "Beauty", "BT02", 1599, 210, 100, 15, 40},
	{"Heatless Hair Curler Set", "ヒートレス ヘアカーラー セット", "Beauty", "BT03", 1799, 250, 140, 60, 190},
}

var colours = []struct{ en, ja, code string }{
	{"Black", "ブラック", "BK"}, {"White", "ホワイト", "WH"}, {"Gray", "グレー", "GY"},
	{"Navy", "ネイビー", "NV"}, {"Sage Green", "セージグリーン", "GN"}, {"Blush Pink", "ピンク", "PK"},
}

// seller is a seller's catalogue and marketplaces.
type seller struct {
	def      sellerDef
	markets  []*market
	products []*product
	// selling are the products that have orders; cum is their cumulative order weight, for drawing one.
	selling []*product
	cum     []float64
}

func newSeller(def sellerDef, now time.Time) *seller {
	s := &seller{def: def}
	for _, id := range def.markets {
		s.markets = append(s.markets, markets[id])
	}
	r := rngOf("catalogue", def.id)
	combos := r.Perm(len(templates) * len(colours))
	mfn := map[int]bool{}
	for _, i := range r.Perm(sellingProducts)[:mfnProducts] {
		mfn[i] = true
	}
	// Listings were opened over the two years before 2026 (a fixed date, so the catalogue does not move with the
	// day); the new ones in the days just before now.
	openedBase := time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC)
	for i := 0; i < sellingProducts+newListings; i++ {
		t := templates[combos[i]/len(colours)]
		c := colours[combos[i]%len(colours)]
		p := &product{
			sku:   fmt.Sprintf("%s-%s-%s", def.prefix, t.code, c.code),
			asin:  "B0" + code36(r, 8),
			group: t.group, brand: def.brand,
			long: t.long, mid: t.mid, short: t.short, grams: t.grams,
			mfn:     mfn[i],
			newOnly: i >= sellingProducts,
			promo:   i%3 == 0,
			weight:  1 / math.Pow(float64(i+1), 0.8),
		}
		p.fnsku = "X00" + code36(r, 7)
		p.parent = parentOf(def, combos[i]/len(colours))
		if p.mfn {
			p.fnsku = p.asin
		}
		if def.japanese {
			p.name = fmt.Sprintf("%s %s %s", def.brand, t.ja, c.ja)
			p.parentName = fmt.Sprintf("%s %s", def.brand, t.ja)
			p.description = fmt.Sprintf("%sの%s（%s）。毎日使いやすい定番アイテムです。", def.brand, t.ja, c.ja)
		} else {
			p.name = fmt.Sprintf("%s %s, %s", def.brand, t.en, c.en)
			p.parentName = fmt.Sprintf("%s %s", def.brand, t.en)
			p.description = fmt.Sprintf("%s %s in %s. Thoughtfully made for everyday use.", def.brand, t.en, c.en)
		}
		// Prices vary around the template's by up to ±20%, then take each currency's usual price points.
		cents := t.cents * int64(80+r.IntN(41)) / 100
		for _, m := range s.markets {
			p.price[m.index] = pricePoint(m, cents*m.priceRate/100)
		}
		p.opened = openedBase.Add(time.Duration(r.IntN(730*24*3600)) * time.Second)
		if p.newOnly {
			p.opened = now.Add(-time.Duration(1+r.IntN(3*24*3600)) * time.Second)
			p.weight = 0
		}
		s.products = append(s.products, p)
		if !p.newOnly {
			s.selling = append(s.selling, p)
		}
	}
	total := 0.0
	for _, p := range s.selling {
		total += p.weight
		s.cum = append(s.cum, total)
	}
	return s
}

// standaloneEvery makes every so many templates (the fifth, tenth, ...) sold as standalone products: each colour
// its own ASIN with no variation parent, as a seller who never grouped them would have it.
const standaloneEvery = 5

// parentOf is the parent ASIN of the seller's variation family of template i (its colours are the children), ""
// for the standalone templates. It is drawn from its own seed, so the catalogue's other ids stay as they were.
func parentOf(def sellerDef, i int) string {
	if i%standaloneEvery == standaloneEvery-1 {
		return ""
	}
	return "B0" + code36(rngOf("parent", def.id, templates[i].code), 8)
}

// pick draws a product by its share of orders.
func (s *seller) pick(u float64) *product {
	i := sort.SearchFloat64s(s.cum, u*s.cum[len(s.cum)-1])
	if i >= len(s.selling) {
		i = len(s.selling) - 1
	}
	return s.selling[i]
}

// pricePoint rounds an amount in minor units to how prices look in that currency: 24.99, 3,980 yen, 449.00 pesos.
func pricePoint(m *market, v int64) int64 {
	switch m.currency {
	case "JPY":
		return (v+99)/100*100 - 20
	case "MXN":
		return ((v+999)/1000*10 - 1) * 100
	default:
		return (v+99)/100*100 - 1
	}
}

const alphabet36 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"

// code36 draws n upper-case letters and digits, as Amazon's ids are made of.
func code36(r interface{ IntN(int) int }, n int) string {
	b := make([]byte, n)
	for i := range b {
		b[i] = alphabet36[r.IntN(len(alphabet36))]
	}
	return string(b)
}
