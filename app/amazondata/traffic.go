package amazondata

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"strconv"
	"strings"

	"sellerhub/app/amazon"
	"sellerhub/models"
	amazondatadb "sellerhub/models/amazondata"
)

func init() { importers[SalesTraffic] = importTraffic }

// trafficColumns are the columns OpenReport writes for a sales and traffic document: one line per ASIN of its
// salesAndTrafficByAsin part, with the report's day, named after the JSON fields they come from.
var trafficColumns = []string{"date", "parentAsin", "childAsin", "sku", "sessions", "browserSessions", "pageViews",
	"buyBoxPercentage", "unitSessionPercentage", "unitsOrdered", "totalOrderItems", "orderedProductSales", "currencyCode"}

// OpenReport reads a report file of the kind as lines: a flat file as it is; the sales and traffic report, a JSON
// document, as trafficColumns' lines, decoded an ASIN at a time so a large document is never held whole.
func OpenReport(kind Kind, r io.Reader) (*amazon.TSVReader, error) {
	if kind == VATTransactions {
		return amazon.NewTSVReader(vatCSV(r))
	}
	if kind != SalesTraffic {
		return amazon.NewTSVReader(r)
	}
	return amazon.NewTSVReader(&trafficLines{dec: json.NewDecoder(r)})
}

// trafficLines turns the JSON document into tab-separated lines as they are read.
type trafficLines struct {
	dec     *json.Decoder
	buf     bytes.Buffer
	day     string
	started bool
	inASINs bool
	done    bool
}

// trafficASIN is an entry of salesAndTrafficByAsin, as much of it as is kept.
type trafficASIN struct {
	ParentASIN string `json:"parentAsin"`
	ChildASIN  string `json:"childAsin"`
	SKU        string `json:"sku"`
	Sales      struct {
		UnitsOrdered        json.Number `json:"unitsOrdered"`
		TotalOrderItems     json.Number `json:"totalOrderItems"`
		OrderedProductSales struct {
			Amount       json.Number `json:"amount"`
			CurrencyCode string      `json:"currencyCode"`
		} `json:"orderedProductSales"`
	} `json:"salesByAsin"`
	Traffic struct {
		Sessions              json.Number `json:"sessions"`
		BrowserSessions       json.Number `json:"browserSessions"`
		PageViews             json.Number `json:"pageViews"`
		BuyBoxPercentage      json.Number `json:"buyBoxPercentage"`
		UnitSessionPercentage json.Number `json:"unitSessionPercentage"`
	} `json:"trafficByAsin"`
}

// errNotTraffic is a document that is not a sales and traffic report (the upload then says it is not the kind).
var errNotTraffic = errors.New("amazondata: not a sales and traffic report")

func (t *trafficLines) Read(p []byte) (int, error) {
	for t.buf.Len() == 0 && !t.done {
		if err := t.fill(); err != nil {
			return 0, err
		}
	}
	if t.buf.Len() == 0 {
		return 0, io.EOF
	}
	return t.buf.Read(p)
}

// fill writes the next line(s): the header once the report's day is known, then an ASIN per call.
func (t *trafficLines) fill() error {
	if !t.started {
		tok, err := t.dec.Token()
		if err != nil {
			return errNotTraffic
		}
		if d, ok := tok.(json.Delim); !ok || d != '{' {
			return errNotTraffic
		}
		t.started = true
	}
	if t.inASINs {
		if !t.dec.More() {
			if _, err := t.dec.Token(); err != nil { // ]
				return err
			}
			t.inASINs = false
			return nil
		}
		var a trafficASIN
		if err := t.dec.Decode(&a); err != nil {
			return err
		}
		t.write(a)
		return nil
	}
	if !t.dec.More() {
		t.done = true
		if t.day == "" {
			return errNotTraffic
		}
		return nil
	}
	tok, err := t.dec.Token()
	if err != nil {
		return err
	}
	switch tok {
	case "reportSpecification":
		var spec struct {
			ReportType string `json:"reportType"`
			Start      string `json:"dataStartTime"`
			End        string `json:"dataEndTime"`
		}
		if err := t.dec.Decode(&spec); err != nil {
			return err
		}
		if spec.ReportType != "" && spec.ReportType != SalesTraffic.ReportType() {
			return errNotTraffic
		}
		start, end := dayOf(spec.Start), dayOf(spec.End)
		if start == "" {
			return &LineError{Line: 1, Column: "dataStartTime", Value: spec.Start, Problem: "不是日期"}
		}
		// The by-ASIN part sums the whole range: only a report of one day can be kept per day.
		if end != "" && end != start {
			return &LineError{Line: 1, Column: "dataEndTime", Value: spec.End,
				Problem: "与 dataStartTime 不是同一天：销售与流量报告请按天生成（每个文件一天）"}
		}
		t.day = start
		t.buf.WriteString(strings.Join(trafficColumns, "\t") + "\n")
	case "salesAndTrafficByAsin":
		if t.day == "" {
			return errNotTraffic
		}
		if tok, err := t.dec.Token(); err != nil || tok != json.Delim('[') {
			return errNotTraffic
		}
		t.inASINs = true
	default:
		var skip json.RawMessage
		return t.dec.Decode(&skip)
	}
	return nil
}

// lineBreaks are what could split a line of trafficLines: they become spaces.
var lineBreaks = strings.NewReplacer("\t", " ", "\n", " ", "\r", " ")

// write appends an ASIN's line; a value with a tab or line break could split it, so those become spaces.
func (t *trafficLines) write(a trafficASIN) {
	clean := lineBreaks
	fields := []string{t.day, a.ParentASIN, a.ChildASIN, a.SKU, a.Traffic.Sessions.String(), a.Traffic.BrowserSessions.String(),
		a.Traffic.PageViews.String(), a.Traffic.BuyBoxPercentage.String(), a.Traffic.UnitSessionPercentage.String(),
		a.Sales.UnitsOrdered.String(), a.Sales.TotalOrderItems.String(), a.Sales.OrderedProductSales.Amount.String(),
		a.Sales.OrderedProductSales.CurrencyCode}
	for i, f := range fields {
		if i > 0 {
			t.buf.WriteByte('\t')
		}
		t.buf.WriteString(clean.Replace(f))
	}
	t.buf.WriteByte('\n')
}

// dayOf is the date part of an ISO date or time ("" when it is not one).
func dayOf(s string) string {
	if len(s) < 10 {
		return ""
	}
	d := s[:10]
	if _, err := strconv.Atoi(strings.ReplaceAll(d, "-", "")); err != nil || d[4] != '-' || d[7] != '-' {
		return ""
	}
	return d
}

type trafficKey struct{ day, child string }

// importTraffic reads a day of the sales and traffic report (GET_SALES_AND_TRAFFIC_REPORT, by child ASIN) of the
// report's marketplace: each child ASIN's figures replace what the day had (Amazon's figures of a day settle over
// the next ones). The same document read again changes nothing.
func importTraffic(s *Service, st Store, r *amazon.TSVReader, progress Progress) (Result, error) {
	st, err := s.checkStore(st)
	if err != nil {
		return Result{}, err
	}
	if len(r.Header()) == 0 {
		return Result{}, nil
	}
	if err := requireColumns(r, SalesTraffic, "date", "childAsin", "sessions", "unitsOrdered"); err != nil {
		return Result{}, err
	}
	return readLatestOverlapped(r, progress, func(row amazon.TSVRow) (amazondatadb.TrafficDay, trafficKey, error) {
		l := line{row: row}
		d := amazondatadb.TrafficDay{CompanyID: st.CompanyID, GroupID: st.GroupID, SellerID: st.SellerID,
			MarketplaceID: st.MarketplaceID, Day: l.required("date"), ParentASIN: l.str("parentAsin"),
			ChildASIN: l.required("childAsin"), SKU: l.str("sku"), Sessions: int64(l.count("sessions")),
			BrowserSessions: int64(l.count("browserSessions")), PageViews: int64(l.count("pageViews")),
			BuyBoxBP: l.basisPoints("buyBoxPercentage"), UnitSessionBP: l.basisPoints("unitSessionPercentage"),
			Units: int64(l.count("unitsOrdered")), OrderItems: int64(l.count("totalOrderItems")),
			Sales: l.money("orderedProductSales"), Currency: l.str("currencyCode")}
		if d.ParentASIN == "" {
			d.ParentASIN = d.ChildASIN
		}
		return d, trafficKey{d.Day, d.ChildASIN}, l.err
	}, func(days []amazondatadb.TrafficDay) (int64, error) {
		return amazondatadb.UpsertTrafficDays(s.db, days)
	})
}

// basisPoints reads a percentage ("95.5") as basis points (9550); "" is 0.
func (l *line) basisPoints(column string) int64 {
	v := l.str(column)
	if v == "" {
		return 0
	}
	m, err := models.NewMoney(v)
	if err != nil || m.IsNegative() {
		l.fail(column, v, "不是百分比")
		return 0
	}
	return m.Shift(2).Round(0).IntPart()
}
