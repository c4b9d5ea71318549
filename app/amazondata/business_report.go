package amazondata

import (
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"regexp"
	"strings"
	"unicode"

	"sellerhub/app/core"
)

// Seller Central's business report 详情页面上的销售量与访问量 – 按子商品 ("Detail Page Sales and Traffic By Child
// Item"), a CSV the seller downloads for a range of days they choose, is the sales and traffic sync's alternative:
// a file of one day becomes that day's sales and traffic document, which the salestraffic import reads as the
// sync's, so its figures land in the same days by the same upsert.

// Messages of the business report's upload.
const (
	MsgBusinessReportNotChild = "文件不是业务报告“详情页面上的销售量与访问量 – 按子商品”（Detail Page Sales and Traffic By Child Item）：" +
		"表头缺少“%s”列"
	MsgBusinessReportEmpty = "业务报告中没有任何子ASIN的数据"
)

// businessColumns are the report's columns the import reads, each with the names Seller Central has given it
// (the current ones first; before 2023 the file had "Sessions" and "Buy Box Percentage"), as businessHeader writes
// them; required ones refuse a file without them.
var businessColumns = []struct {
	key      string
	names    []string
	required bool
}{
	{"parent", []string{"(parent) asin"}, false},
	{"child", []string{"(child) asin"}, true},
	{"sku", []string{"sku"}, false},
	{"sessions", []string{"sessions - total", "sessions"}, true},
	{"browser", []string{"sessions - browser", "browser sessions"}, false},
	{"views", []string{"page views - total", "page views"}, true},
	{"buybox", []string{"featured offer (buy box) percentage", "buy box percentage"}, false},
	{"unitSession", []string{"unit session percentage"}, false},
	{"units", []string{"units ordered"}, true},
	{"items", []string{"total order items"}, false},
	{"sales", []string{"ordered product sales"}, true},
}

// businessHeader is a header cell as businessColumns names it: without a byte order mark or quotes, in lower case,
// dashes of any width as "-", spaces single.
func businessHeader(s string) string {
	s = strings.TrimPrefix(s, "\ufeff")
	s = strings.Map(func(r rune) rune {
		switch r {
		case '–', '—', '‐', '−':
			return '-'
		}
		return unicode.ToLower(r)
	}, s)
	return strings.Join(strings.Fields(strings.Trim(s, `" `)), " ")
}

// Numbers as Seller Central writes them in English: a count or an amount with thousands separators, an amount after
// its currency (US$1,234.56, $1,234.56, £9.99, MX$120.00), a percentage with its sign (12.34%).
var (
	businessCount  = regexp.MustCompile(`^\d{1,3}(,\d{3})*$|^\d+$`)
	businessAmount = regexp.MustCompile(`^(\d{1,3}(,\d{3})*|\d+)(\.\d+)?$`)
)

// BusinessReportAsTraffic reads the business report's CSV (r, UTF-8) as the given day's figures of the marketplace,
// in its currency, and writes them to w as the sales and traffic report's JSON document of that day. A file that is
// not the report by child item, or a value that is not what its column holds, is refused with the line (the header
// being line 1) and nothing is written that could be imported; the answer is how many child ASINs it held.
func BusinessReportAsTraffic(r io.Reader, day, marketplaceID, currency string, w io.Writer) (int, error) {
	cr := csv.NewReader(r)
	cr.FieldsPerRecord = -1
	cr.LazyQuotes = true
	header, err := cr.Read()
	if err != nil {
		return 0, core.Invalid(fmt.Sprintf(MsgBusinessReportNotChild, "(Child) ASIN"))
	}
	at := map[string]int{}
	for i, h := range header {
		if _, seen := at[businessHeader(h)]; !seen {
			at[businessHeader(h)] = i
		}
	}
	cols := map[string]int{}
	for _, c := range businessColumns {
		cols[c.key] = -1
		for _, n := range c.names {
			if i, ok := at[n]; ok {
				cols[c.key] = i
				break
			}
		}
		if cols[c.key] < 0 && c.required {
			return 0, core.Invalid(fmt.Sprintf(MsgBusinessReportNotChild, businessTitle(c.names[0])))
		}
	}

	var items []trafficASIN
	for line := 2; ; line++ {
		rec, err := cr.Read()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return 0, &LineError{Line: line, Column: "CSV", Problem: "无法读取：请上传卖家平台下载的原始CSV文件"}
		}
		get := func(key string) string {
			if i := cols[key]; i >= 0 && i < len(rec) {
				return strings.TrimSpace(rec[i])
			}
			return ""
		}
		child := get("child")
		if child == "" { // a blank line, or a line of totals
			continue
		}
		a := trafficASIN{ParentASIN: get("parent"), ChildASIN: child, SKU: get("sku")}
		for _, f := range []struct {
			key  string
			to   *json.Number
			read func(string) (string, bool)
			what string
		}{
			{"sessions", &a.Traffic.Sessions, businessInteger, "不是整数"},
			{"browser", &a.Traffic.BrowserSessions, businessInteger, "不是整数"},
			{"views", &a.Traffic.PageViews, businessInteger, "不是整数"},
			{"buybox", &a.Traffic.BuyBoxPercentage, businessPercent, "不是百分比"},
			{"unitSession", &a.Traffic.UnitSessionPercentage, businessPercent, "不是百分比"},
			{"units", &a.Sales.UnitsOrdered, businessInteger, "不是整数"},
			{"items", &a.Sales.TotalOrderItems, businessInteger, "不是整数"},
			{"sales", &a.Sales.OrderedProductSales.Amount, businessMoney, "不是金额"},
		} {
			v, ok := f.read(get(f.key))
			if !ok {
				return 0, &LineError{Line: line, Column: businessTitle(header[cols[f.key]]), Value: get(f.key), Problem: f.what}
			}
			*f.to = json.Number(v)
		}
		a.Sales.OrderedProductSales.CurrencyCode = currency
		items = append(items, a)
	}
	if len(items) == 0 {
		return 0, core.Invalid(MsgBusinessReportEmpty)
	}
	doc := struct {
		Spec struct {
			ReportType   string   `json:"reportType"`
			Start        string   `json:"dataStartTime"`
			End          string   `json:"dataEndTime"`
			Marketplaces []string `json:"marketplaceIds"`
		} `json:"reportSpecification"`
		ByASIN []trafficASIN `json:"salesAndTrafficByAsin"`
	}{ByASIN: items}
	doc.Spec.ReportType, doc.Spec.Start, doc.Spec.End = SalesTraffic.ReportType(), day, day
	doc.Spec.Marketplaces = []string{marketplaceID}
	return len(items), json.NewEncoder(w).Encode(doc)
}

// businessTitle is a column's name as the seller reads it in the file: its header cell, or the name it is known by.
func businessTitle(name string) string {
	name = strings.Trim(strings.TrimPrefix(name, "\ufeff"), `" `)
	for _, c := range businessColumns {
		if c.names[0] == name {
			return titleCase(name)
		}
	}
	return name
}

// titleCase writes a known column's name as Seller Central does: (Child) ASIN, Sessions - Total.
func titleCase(s string) string {
	words := strings.Fields(s)
	for i, w := range words {
		switch {
		case w == "asin" || w == "sku":
			words[i] = strings.ToUpper(w)
		case strings.HasPrefix(w, "("):
			words[i] = "(" + strings.ToUpper(w[1:2]) + w[2:]
		default:
			words[i] = strings.ToUpper(w[:1]) + w[1:]
		}
	}
	return strings.Join(words, " ")
}

// businessInteger reads a count ("1,234"; "" is 0).
func businessInteger(v string) (string, bool) {
	if v == "" {
		return "0", true
	}
	if !businessCount.MatchString(v) {
		return "", false
	}
	return strings.ReplaceAll(v, ",", ""), true
}

// businessPercent reads a percentage ("12.34%", or without its sign; "" is 0) as its number (12.34).
func businessPercent(v string) (string, bool) {
	v = strings.TrimSpace(strings.TrimSuffix(v, "%"))
	if v == "" {
		return "0", true
	}
	if !businessAmount.MatchString(v) {
		return "", false
	}
	return strings.ReplaceAll(v, ",", ""), true
}

// businessMoney reads an amount after its currency ("US$1,234.56", "$1,234.56", "£0.00"; "" is 0) as its number.
func businessMoney(v string) (string, bool) {
	if v == "" {
		return "0", true
	}
	notDigit := func(r rune) bool { return !unicode.IsDigit(r) }
	digits := strings.TrimLeftFunc(v, notDigit)
	// Before the digits only the currency's letters and sign: no minus, no separator.
	if strings.ContainsAny(v[:len(v)-len(digits)], ".,-") {
		return "", false
	}
	number := strings.TrimRightFunc(digits, notDigit)
	if !businessAmount.MatchString(number) {
		return "", false
	}
	return strings.ReplaceAll(number, ",", ""), true
}
