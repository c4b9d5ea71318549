package purchase

import (
	"context"
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"

	"sellerhub/app/core"
	"sellerhub/app/shipping"
	"sellerhub/models"
	purchasedb "sellerhub/models/purchase"
	shippingdb "sellerhub/models/shipping"
	storesdb "sellerhub/models/stores"
)

// Messages of turning suggestions into documents.
const (
	MsgPlanNoLines      = "请选择补货行"
	MsgPlanQuantityBad  = "第%d行：数量必须为1到1000000的整数"
	MsgPlanNoProduct    = "第%d行：%s 未配对本地产品，请先在SKU配对中配对"
	MsgPlanNoSupplier   = "产品 %s 未设置供应商，请先在本地产品中设置"
	MsgPlanWarehouseBad = "请选择仓库"
)

// PermissionPlanEdit keeps inputs of 亚马逊补货计划 (the company's defaults, a SKU's own); trying them needs the screen.
const PermissionPlanEdit = "erp:purchase:plan:edit"

// Planner works out 亚马逊补货计划 and turns its suggestions into draft purchase orders and shipment plans.
type Planner struct {
	db       *models.DB
	now      core.Clock
	timeZone *time.Location
	purchase *Service
	shipping *shipping.Service
	kept     *core.Answers[*planBase]
}

// NewPlanner builds the planner over the purchasing and shipping services it hands its documents to.
func NewPlanner(db *models.DB, now core.Clock, timeZone *time.Location, purchase *Service, ship *shipping.Service) *Planner {
	return &Planner{db: db, now: now, timeZone: timeZone, purchase: purchase, shipping: ship,
		kept: core.NewAnswers[*planBase](maxKeptPlanLines)}
}

// PlanLine is a seller SKU of a store group in a marketplace with its product, inputs and arithmetic.
type PlanLine struct {
	ID            string     `json:"id"`
	GroupID       int64      `json:"-"`
	GroupName     string     `json:"groupName"`
	MarketplaceID string     `json:"marketplaceId"`
	Country       string     `json:"country"`
	SKU           string     `json:"sku"`
	ASIN          string     `json:"asin"`
	Name          string     `json:"name"`
	ProductID     int64      `json:"-"`
	ProductSKU    string     `json:"productSku"`
	ProductName   string     `json:"productName"`
	SupplierID    int64      `json:"-"`
	SupplierName  string     `json:"supplierName"`
	UnitPrice     string     `json:"unitPrice"`
	Inputs        PlanInputs `json:"inputs"`
	Custom        bool       `json:"custom"`
	// ProductionFrom says where Inputs' production days came from: the company's default, the supplier's measured
	// lead time or the SKU's own.
	ProductionFrom string `json:"productionFrom"`
	// Pool names the marketplaces of the line's Pan-EU pool (DE+FR+IT), whose figures it shows; "" when not pooled.
	Pool string `json:"pool"`
	PlanResult
	// Methods and Bridge are the line's shipment by each first-leg channel (运输方式), which only its arithmetic
	// shows.
	Methods []PlanMethod `json:"methods,omitempty"`
	Bridge  *PlanBridge  `json:"bridge,omitempty"`
}

// minLeadLines is how many received order lines a supplier's measured lead time needs to replace the default: one
// order says little of the next.
const minLeadLines = 3

// Where a line's production days came from.
const (
	ProductionByDefault  = "默认"
	ProductionBySupplier = "供应商实测"
	ProductionBySKU      = "自定义"
)

// lineID names a line in the calls: its store group, marketplace and seller SKU.
func lineID(k purchasedb.PlanKey) string {
	return strconv.FormatInt(k.GroupID, 10) + "|" + k.MarketplaceID + "|" + k.SKU
}

func parseLineID(s string) (purchasedb.PlanKey, bool) {
	parts := strings.SplitN(s, "|", 3)
	if len(parts) != 3 {
		return purchasedb.PlanKey{}, false
	}
	g, ok := core.ParseID(parts[0])
	return purchasedb.PlanKey{GroupID: g, MarketplaceID: parts[1], SKU: parts[2]}, ok
}

// today is the company's day now.
func (pl *Planner) today() time.Time {
	t := pl.now().In(pl.timeZone)
	return time.Date(t.Year(), t.Month(), t.Day(), 0, 0, 0, 0, time.UTC)
}

// Defaults answers the company's default inputs.
func (pl *Planner) Defaults(ctx context.Context, p core.Principal) (PlanInputs, error) {
	s, found, err := purchasedb.Settings(pl.db.With(ctx), p.CompanyID)
	if err != nil || !found {
		return DefaultInputs, err
	}
	return PlanInputs{Weight7: s.Weight7, Weight14: s.Weight14, Weight30: s.Weight30, Weight60: s.Weight60,
		ProductionDays: s.ProductionDays, FirstLegDays: s.FirstLegDays, ReceivingDays: s.ReceivingDays,
		SafetyDays: s.SafetyDays, CycleDays: s.CycleDays}, nil
}

// SaveDefaults stores the company's default inputs (the adjustment is a SKU's only).
func (pl *Planner) SaveDefaults(ctx context.Context, p core.Principal, in PlanInputs) error {
	in.AdjustPercent = 0
	if err := in.check(); err != nil {
		return err
	}
	return purchasedb.SaveSettings(pl.db.With(ctx), &purchasedb.ReplenishmentSettings{CompanyID: p.CompanyID,
		Weight7: in.Weight7, Weight14: in.Weight14, Weight30: in.Weight30, Weight60: in.Weight60,
		ProductionDays: in.ProductionDays, FirstLegDays: in.FirstLegDays, ReceivingDays: in.ReceivingDays,
		SafetyDays: in.SafetyDays, CycleDays: in.CycleDays, UpdatedAt: pl.now.Stamp()})
}

// SKUInputsForm is a line's own inputs to keep: its id and the inputs (the weights stay the company's).
type SKUInputsForm struct {
	ID     string     `json:"id"`
	Inputs PlanInputs `json:"inputs"`
}

// SaveSKUInputs keeps a line's lead times, safety and cycle days and adjustment, for a line the user may see.
func (pl *Planner) SaveSKUInputs(ctx context.Context, p core.Principal, f SKUInputsForm) error {
	if err := f.Inputs.check(); err != nil {
		return err
	}
	k, ok := parseLineID(f.ID)
	if !ok {
		return core.Invalid(MsgPlanLineGone)
	}
	b, err := pl.base(ctx, p)
	if err != nil {
		return err
	}
	if _, ok := b.index[f.ID]; !ok {
		return core.Invalid(MsgPlanLineGone)
	}
	in := f.Inputs
	return purchasedb.SaveSKUSetting(pl.db.With(ctx), &purchasedb.ReplenishmentSKUSetting{CompanyID: p.CompanyID,
		GroupID: k.GroupID, MarketplaceID: k.MarketplaceID, SKU: k.SKU, ProductionDays: &in.ProductionDays,
		FirstLegDays: &in.FirstLegDays, ReceivingDays: &in.ReceivingDays, SafetyDays: &in.SafetyDays,
		CycleDays: &in.CycleDays, AdjustPercent: in.AdjustPercent, UpdatedAt: pl.now.Stamp()})
}

func findLine(lines []PlanLine, id string) *PlanLine {
	for i := range lines {
		if lines[i].ID == id {
			return &lines[i]
		}
	}
	return nil
}

// PlanOverride is a line's inputs as the buyer is trying them, not saved.
type PlanOverride struct {
	ID     string     `json:"id"`
	Inputs PlanInputs `json:"inputs"`
}

// Compute works one line out with the inputs the buyer is trying, saving nothing.
func (pl *Planner) Compute(ctx context.Context, p core.Principal, o PlanOverride) (*PlanLine, error) {
	if err := o.Inputs.check(); err != nil {
		return nil, err
	}
	b, err := pl.base(ctx, p)
	if err != nil {
		return nil, err
	}
	l := b.tried(o)
	if l == nil {
		return nil, core.Invalid(MsgPlanLineGone)
	}
	// Read at each call, not kept with the lines: a channel's new price shows at once.
	channels, _, err := shippingdb.ChannelPage(pl.db.With(ctx), p.CompanyID, "", 0, maxPlanChannels)
	if err != nil {
		return nil, err
	}
	l.Methods, l.Bridge = b.methods(l, channels)
	return l, nil
}

// Lines works out every line of the company in the store groups the user is granted, with the saved inputs. The
// lines are the caller's to change.
func (pl *Planner) Lines(ctx context.Context, p core.Principal) ([]PlanLine, error) {
	b, err := pl.base(ctx, p)
	if err != nil {
		return nil, err
	}
	return slices.Clone(b.lines), nil
}

// work reads the company's plan data within the store groups the user is granted and works every line out on
// today with the saved inputs.
func (pl *Planner) work(ctx context.Context, p core.Principal, today time.Time) (*planBase, error) {
	db := pl.db.With(ctx)
	data, err := purchasedb.ReadPlanData(db, p.CompanyID, p.UserID, today.Format("2006-01"))
	if err != nil {
		return nil, err
	}
	defaults, err := pl.Defaults(ctx, p)
	if err != nil {
		return nil, err
	}
	own, err := purchasedb.SKUSettings(db, p.CompanyID)
	if err != nil {
		return nil, err
	}
	var groups []storesdb.StoreGroup
	if err := db.VisibleGroups(p.CompanyID, p.UserID, "").Find(&groups).Error; err != nil {
		return nil, err
	}
	groupNames := map[int64]string{}
	for _, g := range groups {
		groupNames[g.ID] = g.Name
	}
	facts := map[purchasedb.PlanKey]*lineFacts{}
	lines := map[purchasedb.PlanKey]*PlanLine{}
	line := func(k purchasedb.PlanKey) (*lineFacts, *PlanLine) {
		if f, ok := facts[k]; ok {
			return f, lines[k]
		}
		f := &lineFacts{PlanKey: k}
		l := &PlanLine{ID: lineID(k), GroupID: k.GroupID, GroupName: groupNames[k.GroupID], MarketplaceID: k.MarketplaceID, SKU: k.SKU}
		if m, ok := storesdb.MarketplaceByID(k.MarketplaceID); ok {
			l.Country = m.Country
		}
		facts[k], lines[k] = f, l
		return f, l
	}
	for _, r := range data.FBA {
		f, l := line(purchasedb.PlanKey{GroupID: r.GroupID, MarketplaceID: r.MarketplaceID, SKU: r.SKU})
		l.ASIN, l.Name = r.ASIN, r.Name
		f.fulfillable, f.reserved = r.Fulfillable, r.Reserved
		f.inbound = r.InboundWorking + r.InboundShipped + r.InboundReceiving
	}
	for _, r := range data.Sales {
		k := purchasedb.PlanKey{GroupID: r.GroupID, MarketplaceID: r.MarketplaceID, SKU: r.SKU}
		// A line is one Amazon stocks or one that sold: days out of stock alone make none.
		if _, ok := facts[k]; !ok && r.Units60 == 0 {
			continue
		}
		f, _ := line(k)
		f.units = [len(Windows)]int{r.Units7, r.Units14, r.Units30, r.Units60}
		f.outDays = [len(Windows)]int{r.Out7, r.Out14, r.Out30, r.Out60}
	}
	for _, r := range data.Shipments {
		if f, ok := facts[purchasedb.PlanKey{GroupID: r.GroupID, MarketplaceID: r.MarketplaceID, SKU: r.SKU}]; ok {
			f.ourShipments += r.Units
		}
	}
	for _, r := range data.Listings {
		k := purchasedb.PlanKey{GroupID: r.GroupID, MarketplaceID: r.MarketplaceID, SKU: r.SellerSKU}
		if f, ok := facts[k]; ok {
			l := lines[k]
			f.hasProduct = true
			l.ProductID, l.ProductSKU, l.ProductName, l.SupplierName = r.ProductID, r.ProductSKU, r.ProductName, r.SupplierName
			if r.SupplierID != nil {
				l.SupplierID = *r.SupplierID
			}
			if r.Price.Valid {
				l.UnitPrice = r.Price.Decimal.StringFixed(2)
			}
			f.unitCubicFeet = unitCubicFeet(r)
			f.unitKg, f.unitCbm = r.Weight, unitCbm(r)
		}
	}
	// This month's plans of 销售预测 set their lines' rates.
	month := time.Date(today.Year(), today.Month(), 1, 0, 0, 0, 0, time.UTC)
	for _, pl := range data.Plans {
		if f, ok := facts[purchasedb.PlanKey{GroupID: pl.GroupID, MarketplaceID: pl.MarketplaceID, SKU: pl.SKU}]; ok {
			units := pl.Units
			f.plan, f.planDays = &units, month.AddDate(0, 1, -1).Day()
		}
	}
	ownOf := map[purchasedb.PlanKey]purchasedb.ReplenishmentSKUSetting{}
	for _, s := range own {
		ownOf[purchasedb.PlanKey{GroupID: s.GroupID, MarketplaceID: s.MarketplaceID, SKU: s.SKU}] = s
	}
	keys := make([]purchasedb.PlanKey, 0, len(facts))
	// A supplier's measured lead time replaces the default production days; a SKU's own days replace both.
	leads, err := supplierLeads(db, p.CompanyID, today.AddDate(-1, 0, 0), pl.timeZone)
	if err != nil {
		return nil, err
	}
	for k := range facts {
		keys = append(keys, k)
		in := defaults
		lines[k].ProductionFrom = ProductionByDefault
		if lead, ok := leads[lines[k].SupplierID]; ok && lines[k].SupplierID != 0 && lead.Lines >= minLeadLines {
			in.ProductionDays, facts[k].supplierLead = lead.Days, lead
			lines[k].ProductionFrom = ProductionBySupplier
		}
		if s, ok := ownOf[k]; ok {
			if s.ProductionDays != nil {
				lines[k].ProductionFrom = ProductionBySKU
			}
			lines[k].Custom = true
			for _, v := range []struct {
				from *int
				to   *int
			}{{s.ProductionDays, &in.ProductionDays}, {s.FirstLegDays, &in.FirstLegDays}, {s.ReceivingDays, &in.ReceivingDays},
				{s.SafetyDays, &in.SafetyDays}, {s.CycleDays, &in.CycleDays}} {
				if v.from != nil {
					*v.to = *v.from
				}
			}
			in.AdjustPercent = s.AdjustPercent
		}
		lines[k].Inputs = in
	}
	sort.Slice(keys, func(i, j int) bool { return lines[keys[i]].ID < lines[keys[j]].ID })

	// A product's local stock and open orders are shared by its lines in proportion to their rates.
	local, ordered := map[int64]int{}, map[int64]int{}
	for _, r := range data.Local {
		local[r.ProductID] = r.Units
	}
	for _, r := range data.Ordered {
		ordered[r.ProductID] = r.Units
	}
	byProduct := map[int64][]purchasedb.PlanKey{}
	for _, k := range keys {
		if l := lines[k]; l.ProductID != 0 {
			byProduct[l.ProductID] = append(byProduct[l.ProductID], k)
		}
	}
	for product, ks := range byProduct {
		weights := make([]int64, len(ks))
		for i, k := range ks {
			weights[i] = facts[k].rate(lines[k].Inputs)
		}
		ls, os := shares(local[product], weights), shares(ordered[product], weights)
		for i, k := range ks {
			f := facts[k]
			f.localShare, f.localTotal = ls[i], local[product]
			f.orderedShare, f.orderedTotal = os[i], ordered[product]
		}
	}
	for _, k := range keys {
		lines[k].PlanResult = facts[k].compute(lines[k].Inputs, today, false)
	}
	pooled, err := purchasedb.PooledGroups(db, p.CompanyID, p.UserID)
	if err != nil {
		return nil, err
	}
	factsByID := make(map[string]*lineFacts, len(facts))
	for k, f := range facts {
		factsByID[lines[k].ID] = f
	}
	pools := poolLines(pooled, keys, lines, factsByID, today)
	entered, err := purchasedb.Capacities(db, p.CompanyID, p.UserID)
	if err != nil {
		return nil, err
	}
	use := capacities(entered, lines, facts)
	byID := slices.Clone(keys)
	// Kept in the list's order, those running out first first (then by id), so that a page reads no more.
	sort.SliceStable(keys, func(i, j int) bool {
		a, b := lines[keys[i]].StockOutDate, lines[keys[j]].StockOutDate
		if (a == "") != (b == "") {
			return b == ""
		}
		return a < b
	})
	b := &planBase{today: today, lines: make([]PlanLine, 0, len(keys)), facts: make(map[string]*lineFacts, len(keys)),
		index: make(map[string]int, len(keys)), byProduct: map[int64][]int{}, search: make([]string, 0, len(keys)),
		capacity: use, pools: pools}
	for _, k := range keys {
		l := lines[k]
		b.index[l.ID], b.facts[l.ID] = len(b.lines), facts[k]
		b.lines = append(b.lines, *l)
		b.search = append(b.search, strings.ToLower(l.SKU+" "+l.ProductSKU+" "+l.ASIN))
	}
	// A product's lines in id order, as its stock was shared out above (the rounding's remainder goes by it).
	for _, k := range byID {
		if l := lines[k]; l.ProductID != 0 {
			b.byProduct[l.ProductID] = append(b.byProduct[l.ProductID], b.index[l.ID])
		}
	}
	return b, nil
}

// shares splits total in proportion to weights (equally when they are all 0), the rounding remainder on the
// largest share, so the shares sum back to the total.
func shares(total int, weights []int64) []int {
	out := make([]int, len(weights))
	if len(weights) == 0 || total <= 0 {
		return out
	}
	var sum int64
	for _, w := range weights {
		sum += w
	}
	if sum == 0 {
		for i := range weights {
			weights[i] = 1
		}
		sum = int64(len(weights))
	}
	given, largest := 0, 0
	for i, w := range weights {
		out[i] = int(int64(total) * w / sum)
		given += out[i]
		if w > weights[largest] {
			largest = i
		}
	}
	out[largest] += total - given
	return out
}

// PlanQuery is the body of the list: the page, a store group and marketplace, a part of the seller SKU, local SKU
// or ASIN, and which lines: "ship" (suggested to ship), "buy" (to buy), "warn" (with a warning) or "" for all.
type PlanQuery struct {
	core.PageRequest
	GroupID       string `json:"groupId"`
	MarketplaceID string `json:"marketplaceId"`
	Keyword       string `json:"keyword"`
	Need          string `json:"need"`
}

// Page lists a page of the lines the query selects, those running out first first.
func (pl *Planner) Page(ctx context.Context, p core.Principal, q PlanQuery) ([]PlanLine, int64, core.PageRequest, error) {
	r := q.PageRequest.Normalized()
	b, err := pl.base(ctx, p)
	if err != nil {
		return nil, 0, r, err
	}
	group, _ := core.ParseID(strings.TrimSpace(q.GroupID))
	kw := strings.ToLower(strings.TrimSpace(q.Keyword))
	from := r.Offset()
	rows := make([]PlanLine, 0, r.Size)
	var total int64
	for i := range b.lines {
		l := &b.lines[i]
		switch {
		case group != 0 && l.GroupID != group,
			q.MarketplaceID != "" && l.MarketplaceID != q.MarketplaceID,
			kw != "" && !strings.Contains(b.search[i], kw),
			q.Need == "ship" && l.Ship == 0,
			q.Need == "buy" && l.Buy == 0,
			q.Need == "warn" && len(l.Warnings) == 0:
			continue
		}
		if total >= int64(from) && len(rows) < r.Size {
			rows = append(rows, *l)
		}
		total++
	}
	return rows, total, r, nil
}

// PlanPick is a line chosen for a document and its quantity.
type PlanPick struct {
	ID       string `json:"id"`
	Quantity int    `json:"quantity"`
}

// PlanDocsForm turns chosen lines into documents: draft purchase orders received into WarehouseID, or shipment
// plans sent from it.
type PlanDocsForm struct {
	WarehouseID string     `json:"warehouseId"`
	Lines       []PlanPick `json:"lines"`
}

// PlanDoc is a document made: its id, number and whom or where it is for.
type PlanDoc struct {
	ID     string `json:"id"`
	Number string `json:"number"`
	For    string `json:"for"`
}

// picked checks the form's lines against the user's lines.
func (pl *Planner) picked(ctx context.Context, p core.Principal, f PlanDocsForm) ([]PlanLine, []int, error) {
	if strings.TrimSpace(f.WarehouseID) == "" {
		return nil, nil, core.Invalid(MsgPlanWarehouseBad)
	}
	if len(f.Lines) == 0 {
		return nil, nil, core.Invalid(MsgPlanNoLines)
	}
	if len(f.Lines) > maxLines {
		return nil, nil, core.Invalid(MsgTooManyLines)
	}
	all, err := pl.Lines(ctx, p)
	if err != nil {
		return nil, nil, err
	}
	var out []PlanLine
	var qty []int
	for i, pick := range f.Lines {
		l := findLine(all, pick.ID)
		switch {
		case l == nil:
			return nil, nil, core.Invalid(fmt.Sprintf("第%d行：", i+1) + MsgPlanLineGone)
		case pick.Quantity < 1 || pick.Quantity > maxLineQuantity:
			return nil, nil, core.Invalid(fmt.Sprintf(MsgPlanQuantityBad, i+1))
		case l.ProductID == 0:
			return nil, nil, core.Invalid(fmt.Sprintf(MsgPlanNoProduct, i+1, l.SKU))
		}
		out, qty = append(out, *l), append(qty, pick.Quantity)
	}
	return out, qty, nil
}

// CreateOrders makes one draft purchase order per supplier of the chosen lines' products, a product's lines summed
// into one order line at the supplier's tier price for the quantity, else the product's entered price.
func (pl *Planner) CreateOrders(ctx context.Context, p core.Principal, f PlanDocsForm) ([]PlanDoc, error) {
	lines, qty, err := pl.picked(ctx, p, f)
	if err != nil {
		return nil, err
	}
	type supplierLines struct {
		name  string
		order []int64
		qty   map[int64]int
		price map[int64]string
	}
	bySupplier := map[int64]*supplierLines{}
	var suppliers []int64
	for i, l := range lines {
		if l.SupplierID == 0 {
			return nil, core.Invalid(fmt.Sprintf(MsgPlanNoSupplier, l.ProductSKU))
		}
		s := bySupplier[l.SupplierID]
		if s == nil {
			s = &supplierLines{name: l.SupplierName, qty: map[int64]int{}, price: map[int64]string{}}
			bySupplier[l.SupplierID] = s
			suppliers = append(suppliers, l.SupplierID)
		}
		if _, ok := s.qty[l.ProductID]; !ok {
			s.order = append(s.order, l.ProductID)
		}
		s.qty[l.ProductID] += qty[i]
		s.price[l.ProductID] = l.UnitPrice
	}
	forms := make([]OrderForm, 0, len(suppliers))
	for _, sup := range suppliers {
		s := bySupplier[sup]
		form := OrderForm{SupplierID: strconv.FormatInt(sup, 10), WarehouseID: f.WarehouseID, Currency: "CNY",
			PaymentTerms: purchasedb.TermsReceipt, Remark: "由亚马逊补货计划生成"}
		tiers, err := purchasedb.PriceTiers(pl.db.With(ctx), p.CompanyID, sup, s.order)
		if err != nil {
			return nil, err
		}
		byProduct := map[int64][]purchasedb.PriceTier{}
		for _, t := range tiers {
			byProduct[t.ProductID] = append(byProduct[t.ProductID], t)
		}
		for _, product := range s.order {
			// The supplier's tier for the quantity, else the product's entered cost.
			price := s.price[product]
			if units, ok := purchasedb.TierPrice(byProduct[product], s.qty[product]); ok {
				price = priceText(units)
			}
			if price == "" {
				price = "0"
			}
			form.Lines = append(form.Lines, OrderLineForm{ProductID: strconv.FormatInt(product, 10), Quantity: s.qty[product], UnitPrice: price})
		}
		forms = append(forms, form)
	}
	// One transaction: the orders of every supplier or none.
	orders, err := pl.purchase.CreateOrders(ctx, p, forms)
	if err != nil {
		return nil, err
	}
	out := make([]PlanDoc, len(orders))
	for i, o := range orders {
		out[i] = PlanDoc{ID: strconv.FormatInt(o.ID, 10), Number: o.Number, For: bySupplier[suppliers[i]].name}
	}
	return out, nil
}

// CreateShipPlans makes one shipment plan (发货计划, 待提交) per store group and marketplace of the chosen lines.
func (pl *Planner) CreateShipPlans(ctx context.Context, p core.Principal, f PlanDocsForm) ([]PlanDoc, error) {
	lines, qty, err := pl.picked(ctx, p, f)
	if err != nil {
		return nil, err
	}
	type key struct {
		group  int64
		market string
	}
	forms := map[key]*shipping.ShipmentPlanForm{}
	var order []key
	names := map[key]string{}
	for i, l := range lines {
		k := key{l.GroupID, l.MarketplaceID}
		if forms[k] == nil {
			forms[k] = &shipping.ShipmentPlanForm{GroupID: strconv.FormatInt(l.GroupID, 10), MarketplaceID: l.MarketplaceID,
				WarehouseID: f.WarehouseID, Remark: "由亚马逊补货计划生成"}
			order = append(order, k)
			names[k] = l.GroupName + "-" + l.Country
		}
		forms[k].Items = append(forms[k].Items, shipping.ShipItemForm{SellerSKU: l.SKU, Quantity: qty[i]})
	}
	all := make([]shipping.ShipmentPlanForm, len(order))
	for i, k := range order {
		all[i] = *forms[k]
	}
	// One transaction: every store and marketplace's plan or none.
	made, err := pl.shipping.CreateShipmentPlans(ctx, p, all)
	if err != nil {
		return nil, err
	}
	out := make([]PlanDoc, len(made))
	for i, d := range made {
		out[i] = PlanDoc{ID: strconv.FormatInt(d.ID, 10), Number: d.Number, For: names[order[i]]}
	}
	return out, nil
}
