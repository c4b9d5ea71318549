package profit

import (
	"context"
	"fmt"
	"strings"

	"github.com/shopspring/decimal"

	"sellerhub/app/amazon"
	"sellerhub/app/core"
	"sellerhub/models"
	profitdb "sellerhub/models/profit"
	storesdb "sellerhub/models/stores"
)

// The figures of a line whose lines open beside the buckets: the cost of goods and the freight.
const (
	FigureCost    = "cost"
	FigureFreight = "freight"
	// FigureShared is 分摊费用: the costs 费用分摊 shared into the line, each with the rule that gave its share.
	FigureShared = "shared"
)

// DetailQuery is the body of a figure's lines: the page, the figure (a bucket, cost or freight) and the line by
// SKU it belongs to (month, store group, marketplace, seller SKU, currency).
type DetailQuery struct {
	core.PageRequest
	Figure        string `json:"figure"`
	Month         string `json:"month"`
	GroupID       string `json:"groupId"`
	MarketplaceID string `json:"marketplaceId"`
	SKU           string `json:"sku"`
	Currency      string `json:"currency"`
}

// DetailLine is one line a figure was summed from: a settlement line (its settlement, order, Amazon's names and
// amount), an order item, a fee estimate per unit times the units, a shipment's freight share, or the product's
// cost. Amount is in Currency, as the figure sums it (settlement and order amounts as Amazon wrote them).
type DetailLine struct {
	ID          string
	Source      string
	Date        string
	Reference   string
	OrderID     string
	Kind        string
	Description string
	// KindCode and DescriptionCode are Amazon's names of a settlement line's transaction type and amount, shown
	// beside the Chinese ones in Kind and Description; empty when Kind and Description are our own words.
	KindCode, DescriptionCode string
	Quantity                  int64
	Amount                    models.Money
	Currency                  string
	Note                      string
	// Line names the line by SKU a share of 分摊费用 went to (店铺 · 站点 · SKU · 币种): 月度报告's shares span many.
	Line string
}

// The sources of detail lines.
const (
	SourceSettlement = "结算"
	SourceOrder      = "订单"
	SourceEstimate   = "费用预估"
	SourceShipment   = "货件"
	SourceProduct    = "本地产品"
	SourceShared     = "费用分摊"
)

// Detail answers a page of the lines behind one figure of a line by SKU, with how many there are: a settled
// line's buckets open their settlement lines; an estimated line's sales its order items and its fees the fee
// estimate times the units; cost the paired product; freight the shipments spread over.
func (s *Service) Detail(ctx context.Context, p core.Principal, q DetailQuery) ([]DetailLine, int64, core.PageRequest, error) {
	r := q.PageRequest.Normalized()
	figure := Bucket(q.Figure)
	lf, line, err := s.detailLine(ctx, p, q)
	if err != nil || line == nil {
		return []DetailLine{}, 0, r, err
	}
	db := s.db.With(ctx)
	switch {
	case q.Figure == FigureCost:
		return page(costLines(line), r)
	case q.Figure == FigureFreight:
		rows, err := s.freightLines(db, p, lf, line)
		if err != nil {
			return nil, 0, r, err
		}
		return page(rows, r)
	case q.Figure == FigureShared:
		rows, err := sharedLines(db, p.CompanyID, lf)
		if err != nil {
			return nil, 0, r, err
		}
		return page(rows, r)
	case line.Estimated == 0:
		return s.settlementDetail(db, p.CompanyID, lf, figure, r)
	case figure == BucketSales:
		items, total, err := profitdb.OrderItemsPage(db, p.CompanyID, lf, r.Offset(), r.Size)
		if err != nil {
			return nil, 0, r, err
		}
		out := make([]DetailLine, len(items))
		for i, it := range items {
			out[i] = DetailLine{ID: fmt.Sprint(it.ID), Source: SourceOrder, Date: it.PurchaseDate.In(s.timeZone).Format("2006-01-02 15:04:05"),
				OrderID: it.AmazonOrderID, Kind: it.OrderStatus, Description: "商品售价 ItemPrice", Quantity: int64(it.Quantity),
				Amount: it.ItemPrice, Currency: it.Currency}
		}
		return out, total, r, nil
	}
	rows, err := s.estimateLines(db, p.CompanyID, lf, line, figure)
	if err != nil {
		return nil, 0, r, err
	}
	return page(rows, r)
}

// detailLine checks a detail query and computes the line by SKU it names (nil when the report has none, or the
// store group id is not one).
func (s *Service) detailLine(ctx context.Context, p core.Principal, q DetailQuery) (profitdb.ProfitLineFilter, *Line, error) {
	figure := Bucket(q.Figure)
	if _, ok := BucketNames[figure]; !ok && q.Figure != FigureCost && q.Figure != FigureFreight && q.Figure != FigureShared {
		return profitdb.ProfitLineFilter{}, nil, core.Invalid(MsgFigureBad)
	}
	month, err := parseMonth(q.Month, s.timeZone)
	if err != nil {
		return profitdb.ProfitLineFilter{}, nil, err
	}
	groupID, ok := core.ParseID(q.GroupID)
	if strings.TrimSpace(q.GroupID) == "" || strings.TrimSpace(q.MarketplaceID) == "" || strings.TrimSpace(q.Currency) == "" {
		return profitdb.ProfitLineFilter{}, nil, core.Invalid(MsgLineRequired)
	}
	lf := profitdb.ProfitLineFilter{UserID: p.UserID, GroupID: groupID, MarketplaceID: strings.TrimSpace(q.MarketplaceID),
		SKU: strings.TrimSpace(q.SKU), Currency: strings.TrimSpace(q.Currency), Month: month.Format("2006-01"), Zone: s.timeZone}
	if !ok {
		return lf, nil, nil
	}
	// The line itself says whether it is settled or estimated, its units and its cost and freight per unit.
	line, err := s.lineOf(ctx, p, lf)
	return lf, line, err
}

// DetailTotal is the footer of a figure's lines. Sums: the lines (every page of them) add up to Amount, in
// Currency and signed as they are (a settlement's fees negative, as Amazon writes them). Freight's lines are the
// shipments its freight per unit comes from, whose shares do not add up to the month's freight: its footer is
// that freight with how it is worked out (Description), and Sums is false.
type DetailTotal struct {
	Label       string
	Description string
	Amount      models.Money
	Currency    string
	Sums        bool
}

// DetailSum answers the footer of the lines Detail pages (nil when the report has no such line).
func (s *Service) DetailSum(ctx context.Context, p core.Principal, q DetailQuery) (*DetailTotal, error) {
	lf, line, err := s.detailLine(ctx, p, q)
	if err != nil || line == nil {
		return nil, err
	}
	figure := Bucket(q.Figure)
	switch {
	case q.Figure == FigureCost:
		return &DetailTotal{Label: "合计", Amount: line.Cost, Currency: "CNY", Sums: true}, nil
	case q.Figure == FigureShared:
		return &DetailTotal{Label: "合计", Amount: line.Shared, Currency: "CNY", Sums: true}, nil
	case q.Figure == FigureFreight:
		freight, err := s.freight(s.db.With(ctx), p.CompanyID, p.UserID, lf.GroupID, lf.MarketplaceID)
		if err != nil {
			return nil, err
		}
		how := fmt.Sprintf("单位头程 %s × 本月销量 %d", line.UnitFreight.StringFixed(4), line.Units)
		if entered := enteredFreight(line); entered != "" {
			how = entered
		} else if sf := freight[profitdb.GroupSKU{GroupID: lf.GroupID, MarketplaceID: lf.MarketplaceID, SKU: lf.SKU}]; sf != nil {
			how = fmt.Sprintf("单位头程 %s（各货件分摊 %s ÷ %d件）× 本月销量 %d", line.UnitFreight.StringFixed(4),
				sf.freight.StringFixed(2), sf.units, line.Units)
		}
		return &DetailTotal{Label: "本月头程", Description: how, Amount: line.Freight, Currency: "CNY"}, nil
	}
	amount := line.Amazon[figure]
	if line.Estimated == 0 && figure != BucketSales {
		// The report names a fee charged positive; its settlement lines are Amazon's, charged negative.
		amount = models.Money{Decimal: amount.Neg()}
	}
	return &DetailTotal{Label: "合计", Amount: amount, Currency: line.Currency, Sums: true}, nil
}

// lineOf computes the report's line by SKU the filter names; nil when the report has none.
func (s *Service) lineOf(ctx context.Context, p core.Principal, lf profitdb.ProfitLineFilter) (*Line, error) {
	f := profitdb.ProfitFilter{UserID: p.UserID, GroupID: lf.GroupID, MarketplaceID: lf.MarketplaceID, Search: lf.SKU,
		FromMonth: lf.Month, ToMonth: lf.Month, Zone: s.timeZone}
	lines, err := s.lines(ctx, p.CompanyID, f)
	if err != nil {
		return nil, err
	}
	for i := range lines {
		l := &lines[i]
		if l.SKU == lf.SKU && l.Currency == lf.Currency && l.GroupID == lf.GroupID && l.MarketplaceID == lf.MarketplaceID {
			return l, nil
		}
	}
	return nil, nil
}

// page serves a page of lines held in memory.
func page(rows []DetailLine, r core.PageRequest) ([]DetailLine, int64, core.PageRequest, error) {
	start := min(r.Offset(), len(rows))
	return rows[start:min(start+r.Size, len(rows))], int64(len(rows)), r, nil
}

// settlementDetail is a page of the settlement lines of a settled line that fall in the bucket.
func (s *Service) settlementDetail(db *models.DB, companyID int64, lf profitdb.ProfitLineFilter, b Bucket, r core.PageRequest) ([]DetailLine, int64, core.PageRequest, error) {
	all, err := profitdb.SettlementNames(db, companyID, lf)
	if err != nil {
		return nil, 0, r, err
	}
	var names []profitdb.AmountName
	for _, n := range all {
		if Classify(n.TransactionType, n.AmountType, n.AmountDescription) == b {
			names = append(names, n)
		}
	}
	rows, total, err := profitdb.SettlementLinesPage(db, companyID, lf, names, r.Offset(), r.Size)
	if err != nil {
		return nil, 0, r, err
	}
	out := make([]DetailLine, len(rows))
	for i, l := range rows {
		d := DetailLine{ID: fmt.Sprint(l.ID), Source: SourceSettlement, Reference: l.SettlementID, OrderID: l.OrderID,
			Quantity: int64(l.QuantityPurchased), Amount: l.Amount, Currency: l.Currency}
		// Our Chinese names (one table, app/amazon/names.go), Amazon's beside them.
		if name, ok := amazon.TransactionTypeName(l.TransactionType); ok {
			d.Kind, d.KindCode = name, l.TransactionType
		} else {
			d.Kind = l.TransactionType
		}
		if name, ok := amazon.AmountName(l.AmountType, l.AmountDescription); ok {
			d.Description, d.DescriptionCode = name, l.AmountType+" / "+l.AmountDescription
		} else {
			d.Description = name
		}
		if l.PostedDate != nil {
			d.Date = l.PostedDate.In(s.timeZone).Format("2006-01-02 15:04:05")
		}
		out[i] = d
	}
	return out, total, r, nil
}

// estimateLines are an estimated line's fee estimate for the bucket: the fee per unit times the units sold.
func (s *Service) estimateLines(db *models.DB, companyID int64, lf profitdb.ProfitLineFilter, line *Line, b Bucket) ([]DetailLine, error) {
	fee, err := profitdb.FeeEstimateOfListing(db, companyID, lf.UserID, lf.GroupID, lf.MarketplaceID, lf.SKU)
	if err != nil || fee == nil {
		return []DetailLine{}, err
	}
	perUnit, ok := estimatedFees(fee)[b]
	if !ok {
		return []DetailLine{}, nil
	}
	return []DetailLine{{ID: fmt.Sprint(fee.ID), Source: SourceEstimate, Date: fee.UpdatedAt.In(s.timeZone).Format("2006-01-02 15:04:05"),
		Kind: BucketNames[b], Description: fmt.Sprintf("每件%s %s × 销量 %d", BucketNames[b], perUnit.StringFixed(2), line.Units),
		Quantity: line.Units, Amount: models.Money{Decimal: perUnit.Mul(decimal.NewFromInt(line.Units))}, Currency: fee.Currency,
		Note: "预估：亚马逊费用预估报告（" + fee.ProductSizeTier + "）"}}, nil
}

// costLines are a line's cost of goods: for each cost in force in its month, that cost times the units sold
// while it held.
func costLines(line *Line) []DetailLine {
	if line.Unpaired == 1 {
		return []DetailLine{{ID: "cost", Source: SourceProduct, Kind: MsgUnpaired, Description: "SKU未配对本地产品，成本按0计",
			Quantity: line.Units, Currency: "CNY", Note: MsgUnpaired}}
	}
	out := make([]DetailLine, 0, len(line.CostParts))
	for i, pt := range line.CostParts {
		d := DetailLine{ID: fmt.Sprintf("cost-%d", i), Source: SourceProduct, Reference: line.ProductSKU, Kind: "商品成本",
			Quantity: pt.Units, Currency: "CNY"}
		if len(line.CostParts) > 1 {
			d.Date = pt.From
		}
		if pt.UnitCost.Valid {
			word := "采购成本"
			if pt.Landed {
				word = "到岸成本（成本核算，不含头程）"
			}
			d.Description = fmt.Sprintf("%s %s %s × 销量 %d", line.ProductSKU, word, pt.UnitCost.Decimal.StringFixed(2), pt.Units)
			d.Amount = models.Money{Decimal: pt.UnitCost.Decimal.Mul(decimal.NewFromInt(pt.Units))}
		} else {
			d.Description = fmt.Sprintf("%s 采购成本 未填写 × 销量 %d", line.ProductSKU, pt.Units)
			d.Note = "本地产品未填采购成本，成本按0计"
		}
		out = append(out, d)
	}
	return out
}

// freightLines are the shipments a line's freight per unit comes from, each with its share of the freight and
// the units it carried, then the line's units sold at that freight per unit.
func (s *Service) freightLines(db *models.DB, p core.Principal, lf profitdb.ProfitLineFilter, line *Line) ([]DetailLine, error) {
	freight, err := s.freight(db, p.CompanyID, p.UserID, lf.GroupID, lf.MarketplaceID)
	if err != nil {
		return nil, err
	}
	setting, err := profitdb.ProfitSettingOf(db, p.CompanyID)
	if err != nil {
		return nil, err
	}
	sf := freight[profitdb.GroupSKU{GroupID: lf.GroupID, MarketplaceID: lf.MarketplaceID, SKU: lf.SKU}]
	out := []DetailLine{}
	// The product's entered 头程 where it has one: its parts of the month, not the shipments.
	for i, pt := range line.CostParts {
		if pt.Entered {
			out = append(out, DetailLine{ID: fmt.Sprintf("freight-%d", i), Source: SourceProduct, Reference: line.ProductSKU,
				Date: pt.From, Kind: "头程", Description: fmt.Sprintf("本地产品头程 %s × 销量 %d", pt.UnitFreight.Decimal.StringFixed(2), pt.Units),
				Quantity: pt.Units, Amount: models.Money{Decimal: pt.UnitFreight.Decimal.Mul(decimal.NewFromInt(pt.Units))}, Currency: "CNY"})
		}
	}
	if sf == nil {
		return out, nil
	}
	unit := "kg"
	if setting.FreightBasis == profitdb.FreightByVolume {
		unit = "cm³"
	}
	for _, sh := range sf.shares {
		note := ""
		if sh.Guessed {
			note = "产品无" + measureNames[setting.FreightBasis] + "数据，按件数分摊"
		}
		out = append(out, DetailLine{ID: fmt.Sprint(sh.ShipmentRef), Source: SourceShipment, Reference: sh.ShipmentID,
			Date: sh.ShippedAt.In(s.timeZone).Format("2006-01-02 15:04:05"), Kind: "头程运费",
			Description: fmt.Sprintf("货件运费 %s，%s分摊：本SKU %s %s", sh.Freight.StringFixed(2), BasisNames[setting.FreightBasis],
				sh.Measure.Round(3).String(), unit),
			Quantity: sh.Quantity, Amount: models.Money{Decimal: sh.Share.Round(4)}, Currency: "CNY", Note: note})
	}
	// The month's freight is not the shares' sum: DetailSum answers it, as the dialog's footer.
	return out, nil
}

// enteredFreight says how a line's freight comes from its product's entered 头程 (per part of the month when it
// changed within it); "" when none of it does.
func enteredFreight(line *Line) string {
	var parts []string
	entered := false
	for _, pt := range line.CostParts {
		if pt.Entered {
			entered = true
		}
		if pt.UnitFreight.Valid {
			from := ""
			if len(line.CostParts) > 1 {
				from = pt.From + "起 "
			}
			parts = append(parts, fmt.Sprintf("%s单位头程 %s × 销量 %d", from, pt.UnitFreight.Decimal.StringFixed(2), pt.Units))
		}
	}
	if !entered {
		return ""
	}
	return "本地产品头程：" + strings.Join(parts, "；")
}

// sharedLines are the costs shared into a line, each with its rule (shareLine).
func sharedLines(db *models.DB, companyID int64, lf profitdb.ProfitLineFilter) ([]DetailLine, error) {
	shares, err := profitdb.LineShares(db, companyID, lf)
	if err != nil {
		return nil, err
	}
	out := make([]DetailLine, len(shares))
	for i := range shares {
		// Every share is of the one line opened: none names it.
		out[i] = shareLine(&shares[i])
		out[i].Line = ""
	}
	return out, nil
}

// shareLine is a cost's share in a line by SKU with its rule: the cost in CNY, the basis, the line's weight over
// the weights of every line it was shared over, and the share; the line of the largest weight also took the
// rounding remainder (the shares are rounded to the fen and must sum to the cost), which its note says.
func shareLine(sh *profitdb.LineShare) DetailLine {
	cost := fmt.Sprintf("费用 %s 元", sh.AmountCNY.StringFixed(2))
	if sh.Currency != "CNY" {
		cost = fmt.Sprintf("费用 %s %s（折合 %s 元）", sh.Amount.StringFixed(2), sh.Currency, sh.AmountCNY.StringFixed(2))
	}
	how := cost + "，手动分摊"
	note := ""
	if sh.Basis != profitdb.ShareByHand && sh.TotalWeight.IsPositive() {
		exact := sh.AmountCNY.Mul(sh.Weight.Decimal).Div(sh.TotalWeight.Decimal).Round(2)
		how = fmt.Sprintf("%s，按%s分摊：本SKU %s ÷ 合计 %s = %s%%，得 %s", cost, ShareBasisNames[sh.Basis],
			weightText(sh.Basis, sh.Weight), weightText(sh.Basis, sh.TotalWeight),
			sh.Weight.Mul(decimal.NewFromInt(100)).Div(sh.TotalWeight.Decimal).StringFixed(2), exact.StringFixed(2))
		if rest := sh.Share.Sub(exact); !rest.IsZero() {
			note = fmt.Sprintf("含分摊尾差 %s 元（各SKU四舍五入到分，尾差计入权重最大的SKU）", rest.StringFixed(2))
		}
	}
	market := sh.MarketplaceID
	if m, ok := storesdb.MarketplaceByID(market); ok {
		market = m.Name
	}
	sku := sh.SKU
	if sku == "" {
		sku = MsgStoreCharges
	}
	return DetailLine{ID: fmt.Sprintf("%d-%d-%s-%s-%s", sh.ID, sh.GroupID, sh.MarketplaceID, sh.SKU, sh.LineCurrency),
		Source: SourceShared, Date: sh.CostDate, Kind: sh.Category, Reference: sh.Note, Description: how, Quantity: 1,
		Amount: sh.Share, Currency: "CNY", Note: note, Line: strings.Join([]string{sh.GroupName, market, sku, sh.LineCurrency}, " · ")}
}

// weightText writes a share's weight as its basis counts it: sales in CNY, units whole, volume in litres.
func weightText(basis string, w models.Money) string {
	switch basis {
	case profitdb.ShareByUnits:
		return w.Round(0).String()
	case profitdb.ShareBySales:
		return w.StringFixed(2)
	}
	return w.Round(3).String()
}
