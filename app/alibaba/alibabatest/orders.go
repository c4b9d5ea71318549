package alibabatest

import (
	"encoding/json"
	"strconv"
	"time"

	"sellerhub/app/alibaba"
)

// The offers the stand-in's buyer orders (offer id, spec id, name, cargo number, unit price in yuan).
var (
	OfferBox    = offer{"610000000004", "", "彩色包装盒 15x10x5cm", "BOX-1510", "0.65"}
	OfferCable  = offer{"610000000002", "", "Type-C数据线 1米", "TC-1M", "4.20"}
	OfferBlack  = offer{"610000000001", "b7c1e0a2f1d34c0e9a1b2c3d4e5f6a7b", "硅胶手机壳 黑色", "SJK-BK", "3.50"}
	OfferWhite  = offer{"610000000001", "c8d2f1b3e2a45d1f0b2c3d4e5f6a7b8c", "硅胶手机壳 白色", "SJK-WH", "3.50"}
	OfferHooks  = offer{"610000000003", "", "不锈钢挂钩 10只装", "GG-10", "8.80"}
	sellerPack  = seller{"b2b-2201000001", "yiwu-youpin", "义乌市优品包装有限公司", "王经理", "13900000001"}
	sellerTech  = seller{"b2b-2201000002", "sz-hailiang", "深圳市海量电子有限公司", "李小姐", "13900000002"}
	sellerHooks = seller{"b2b-2201000003", "dg-jinggong", "东莞市精工五金厂", "陈先生", "13900000003"}
)

type offer struct{ ID, Spec, Name, Cargo, Price string }

type seller struct{ ID, Login, Company, Name, Mobile string }

// The stand-in's order ids, for tests.
const (
	OrderBoxes     = "3001688000000001" // success, paid, delivered: 500 boxes + freight 12.00 = 337.00
	OrderTech      = "3001688000000002" // waitbuyerreceive, paid: 200 cables + 100 black cases + 20.00 = 1210.00
	OrderHooks     = "3001688000000003" // waitsellersend, deposit 270.00 paid of 900.00
	OrderUnpaid    = "3001688000000004" // waitbuyerpay: 300 boxes + 10.00 = 205.00
	OrderCancelled = "3001688000000005" // cancel: 50 white cases
)

type line struct {
	o   offer
	qty int
	amt string
}

type term struct{ phase, status, amount, way string }

func order(now time.Time, id string, daysAgo int, status string, s seller, lines []line, freight, total string,
	terms []term, bills ...string) alibaba.TradeInfo {
	created := now.AddDate(0, 0, -daysAgo)
	b := alibaba.BaseInfo{ID: json.Number(id), IDOfStr: id, Status: status, CreateTime: alibaba.FormatTime(created),
		ModifyTime: alibaba.FormatTime(created.Add(2 * time.Hour)), TotalAmount: json.Number(total),
		ShippingFee: json.Number(freight), Currency: "CNY", SellerID: s.ID, SellerLoginID: s.Login, BuyerID: MemberID,
		SellerContact: &alibaba.TradeContact{Name: s.Name, Mobile: s.Mobile, CompanyName: s.Company}}
	t := alibaba.TradeInfo{BaseInfo: b}
	for _, l := range lines {
		t.ProductItems = append(t.ProductItems, alibaba.ProductItem{ProductID: json.Number(l.o.ID), SpecID: l.o.Spec,
			Name: l.o.Name, CargoNumber: l.o.Cargo, Quantity: json.Number(itoa(l.qty)), Price: json.Number(l.o.Price),
			ItemAmount: json.Number(l.amt)})
	}
	for i, tt := range terms {
		tr := alibaba.TradeTerm{Phase: json.Number(tt.phase), PayStatus: tt.status, PayWayDesc: tt.way, PhasAmount: json.Number(tt.amount)}
		if tt.status == "2" || tt.status == "6" || tt.status == "4" {
			tr.PayTime = alibaba.FormatTime(created.Add(time.Duration(i+1) * time.Hour))
			if i == 0 {
				t.BaseInfo.PayTime = tr.PayTime
			}
		}
		t.TradeTerms = append(t.TradeTerms, tr)
	}
	if len(bills) > 0 {
		t.NativeLogistics = &alibaba.NativeLogistics{}
		for i := 0; i+1 < len(bills); i += 2 {
			t.NativeLogistics.LogisticsItems = append(t.NativeLogistics.LogisticsItems,
				alibaba.LogisticsItem{LogisticsBillNo: bills[i], LogisticsCompanyName: bills[i+1]})
		}
	}
	return t
}

func itoa(n int) string { return strconv.Itoa(n) }

// Orders are the buyer's orders of the last weeks, as of now.
func Orders(now time.Time) []alibaba.TradeInfo {
	return []alibaba.TradeInfo{
		order(now, OrderBoxes, 20, "success", sellerPack, []line{{OfferBox, 500, "325.00"}}, "12.00", "337.00",
			[]term{{"90001", "6", "337.00", "支付宝"}}, "YT1234567890", "圆通速递"),
		order(now, OrderTech, 12, "waitbuyerreceive", sellerTech,
			[]line{{OfferCable, 200, "840.00"}, {OfferBlack, 100, "350.00"}}, "20.00", "1210.00",
			[]term{{"90002", "2", "1210.00", "支付宝"}}, "SF1000000001", "顺丰速运", "SF1000000002", "顺丰速运"),
		order(now, OrderHooks, 6, "waitsellersend", sellerHooks, []line{{OfferHooks, 100, "880.00"}}, "20.00", "900.00",
			[]term{{"90003", "2", "270.00", "诚e赊"}, {"90004", "1", "630.00", ""}}),
		order(now, OrderUnpaid, 2, "waitbuyerpay", sellerPack, []line{{OfferBox, 300, "195.00"}}, "10.00", "205.00",
			[]term{{"90005", "1", "205.00", ""}}),
		order(now, OrderCancelled, 9, "cancel", sellerTech, []line{{OfferWhite, 50, "175.00"}}, "0.00", "175.00",
			[]term{{"90006", "8", "175.00", ""}}),
	}
}
