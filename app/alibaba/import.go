package alibaba

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/riverqueue/river"

	"sellerhub/app/core"
	"sellerhub/app/jobs"
	"sellerhub/models"
	alidb "sellerhub/models/alibaba"
	catalogdb "sellerhub/models/catalog"
	purchasedb "sellerhub/models/purchase"
)

// ImportArgs is the job importing an account's orders.
type ImportArgs struct {
	CompanyID int64 `json:"companyId,string"`
	AccountID int64 `json:"accountId,string"`
	// ChangedSince, for the periodic import, reads only the orders changed since then; else the last 90 days'.
	ChangedSince *time.Time `json:"changedSince,omitempty"`
}

// Kind names the job.
func (ImportArgs) Kind() string { return "alibaba_import" }

type importWorker struct {
	river.WorkerDefaults[ImportArgs]
	s *Service
}

func (w *importWorker) Work(ctx context.Context, j *river.Job[ImportArgs]) error {
	return w.s.RunImport(ctx, j.Args.CompanyID, j.Args.AccountID, j.Args.ChangedSince)
}

// Timeout bounds an import (a few thousand orders, each its detail call).
func (w *importWorker) Timeout(*river.Job[ImportArgs]) time.Duration { return 30 * time.Minute }

// Register adds the import's worker and the periodic refresh to the queue.
func (s *Service) Register(q *jobs.Queue) {
	jobs.AddWorker(q, &importWorker{s: s})
	s.registerRefresh(q)
}

func (s *Service) queue(tx *models.DB, a *alidb.Account) error {
	_, err := s.jobs.Insert(tx, ImportArgs{CompanyID: a.CompanyID, AccountID: a.ID}, &river.InsertOpts{MaxAttempts: 1})
	return err
}

// StartImport queues an import of the account's orders; its progress is the account's (Accounts).
func (s *Service) StartImport(ctx context.Context, p core.Principal, id string) error {
	return s.db.Tx(ctx, func(tx *models.DB) error {
		a, err := s.account(tx, p, id)
		if err != nil {
			return err
		}
		if a.Status == alidb.AccountExpired {
			return core.Refused(MsgExpired)
		}
		ok, err := alidb.ClaimImport(tx, p.CompanyID, a.ID, s.now.Stamp())
		if err != nil {
			return err
		}
		if !ok {
			return core.Refused(MsgImportRunning)
		}
		return s.queue(tx, a)
	})
}

// RunImport reads the account's orders of the last 90 days (those changed since changedSince, when given), page by
// page, each with its detail (logistics), and keeps each in a transaction of its own, counting them on the account as
// it goes. It is what the job runs.
func (s *Service) RunImport(ctx context.Context, companyID, accountID int64, changedSince *time.Time) error {
	db := s.db.With(ctx)
	res := db.Model(&alidb.Account{}).Where("company_id = ? AND id = ? AND import_state = ?", companyID, accountID, alidb.ImportQueued).
		Updates(map[string]any{"import_state": alidb.ImportRunning, "updated_at": s.now.Stamp()})
	if res.Error != nil || res.RowsAffected == 0 {
		return res.Error // not queued: another run took it, or the account went
	}
	err := s.runImport(ctx, companyID, accountID, changedSince)
	set := map[string]any{"import_state": alidb.ImportDone, "imported_at": s.now.Stamp(), "updated_at": s.now.Stamp()}
	if err != nil {
		s.log.WarnContext(ctx, "1688 import failed", "company", companyID, "account", accountID, "err", err)
		set = map[string]any{"import_state": alidb.ImportFailed, "import_error": importMessage(err), "updated_at": s.now.Stamp()}
		if GrantRefused(err) || TokenExpired(err) {
			set["status"] = alidb.AccountExpired
		}
	}
	if uerr := alidb.UpdateAccount(s.db.With(context.WithoutCancel(ctx)), companyID, accountID, set); uerr != nil {
		return uerr
	}
	return nil
}

// importMessage is the failure in the buyer's words.
func importMessage(err error) string {
	var ce *core.Error
	switch {
	case GrantRefused(err) || TokenExpired(err):
		return MsgExpired
	case RateLimited(err):
		return MsgRateLimited
	case errors.As(err, &ce):
		return ce.Msg
	}
	return MsgUnreachable
}

// token is the account's access token, refreshed when it ends within the margin.
func (s *Service) token(ctx context.Context, a *alidb.Account, force bool) (string, error) {
	keys, err := s.sealKeys(ctx)
	if err != nil {
		return "", err
	}
	if !force && s.now().Add(tokenRefreshMargin).Before(a.TokenExpiresAt) {
		return keys.Cipher.Decrypt(a.AccessToken)
	}
	refresh, err := keys.Cipher.Decrypt(a.RefreshToken)
	if err != nil {
		return "", err
	}
	t, err := s.client().Refresh(ctx, refresh)
	if err != nil {
		return "", err
	}
	sealed, err := keys.Cipher.Encrypt(t.AccessToken)
	if err != nil {
		return "", err
	}
	a.AccessToken, a.TokenExpiresAt = sealed, t.ExpiresAt(s.now()).UTC()
	err = alidb.UpdateAccount(s.db.With(ctx), a.CompanyID, a.ID, map[string]any{"access_token": sealed,
		"token_expires_at": a.TokenExpiresAt, "updated_at": s.now.Stamp()})
	return t.AccessToken, err
}

func (s *Service) runImport(ctx context.Context, companyID, accountID int64, changedSince *time.Time) error {
	a, err := alidb.AccountByID(s.db.With(ctx), companyID, accountID)
	if err != nil {
		return err
	}
	token, err := s.token(ctx, a, false)
	if err != nil {
		return err
	}
	c := s.client()
	// call runs a platform call, refreshing the token once when the gateway says it has expired.
	call := func(fn func(token string) error) error {
		err := fn(token)
		if !TokenExpired(err) {
			return err
		}
		if token, err = s.token(ctx, a, true); err != nil {
			return err
		}
		return fn(token)
	}
	from := s.now().AddDate(0, 0, -importDays)
	done := 0
	for page := 1; ; page++ {
		var list OrderList
		if err := call(func(t string) (err error) {
			list, err = c.BuyerOrders(ctx, t, page, listPageSize, from, changedSince)
			return err
		}); err != nil {
			return err
		}
		total, _ := strconv.Atoi(list.TotalRecord.String())
		for _, o := range list.Result {
			if hasLogistics(o.BaseInfo.Status) {
				if err := call(func(t string) (err error) {
					o, err = c.BuyerOrder(ctx, t, o.BaseInfo.OrderID())
					return err
				}); err != nil {
					return err
				}
			}
			if err := s.keep(ctx, a, o); err != nil {
				return fmt.Errorf("order %s: %w", o.BaseInfo.OrderID(), err)
			}
			done++
			if err := alidb.UpdateAccount(s.db.With(ctx), companyID, accountID,
				map[string]any{"import_done": done, "import_total": total}); err != nil {
				return err
			}
		}
		if len(list.Result) < listPageSize || page*listPageSize >= total {
			return nil
		}
	}
}

// hasLogistics: the states in which the seller has sent the goods, whose detail names the waybills.
func hasLogistics(status string) bool {
	switch status {
	case "waitbuyerreceive", "waitbuyersign", "signinsuccess", "confirm_goods", "success":
		return true
	}
	return false
}

// Statuses name the 1688 order states.
var Statuses = map[string]string{"waitbuyerpay": "等待买家付款", "waitsellersend": "等待卖家发货",
	"waitlogisticstakein": "等待物流揽件", "waitbuyerreceive": "等待买家收货", "waitbuyersign": "等待买家签收",
	"signinsuccess": "买家已签收", "confirm_goods": "已收货", "success": "交易成功", "cancel": "交易取消",
	"terminated": "交易终止"}

func closedStatus(status string) bool { return status == "cancel" || status == "terminated" }

func money(n string) (int64, error) {
	if n == "" {
		return 0, nil
	}
	m, err := models.NewMoney(n)
	if err != nil {
		return 0, err
	}
	return m.Units(), nil
}

// keep stores one order: new, with its supplier (made when new), lines (matched by the offers' links) and paid
// phases; or known, its state, logistics and new payments brought up to date. The purchase order is made once
// every line names a product, in the same transaction (the 1688 id keys both, so nothing is made twice).
func (s *Service) keep(ctx context.Context, a *alidb.Account, t TradeInfo) error {
	b := t.BaseInfo
	id := b.OrderID()
	if id == "" {
		return errors.New("an order without its id")
	}
	total, err := money(b.TotalAmount.String())
	if err != nil {
		return err
	}
	freight, err := money(b.ShippingFee.String())
	if err != nil {
		return err
	}
	orderedAt, ok := ParseTime(b.CreateTime)
	if !ok {
		return fmt.Errorf("createTime %q", b.CreateTime)
	}
	logistics := logisticsText(t.NativeLogistics)
	return s.numbers.Write(ctx, models.PurchaseNumbers, a.CompanyID, func(tx *models.DB, next func() (string, error)) error {
		stamp := s.now.Stamp()
		o, err := alidb.OrderByAliID(tx, a.CompanyID, id)
		switch {
		case models.IsNotFound(err):
			o, err = s.newOrder(tx, a, t, stamp)
			if err != nil {
				return err
			}
			o.TotalAmount, o.ShippingFee, o.OrderedAt = total, freight, orderedAt
			o.Logistics = logistics
			if err := tx.Create(o).Error; err != nil {
				return err
			}
			if err := s.newLines(tx, o, t.ProductItems); err != nil {
				return err
			}
		case err != nil:
			return err
		default:
			set := map[string]any{}
			if o.Status != b.Status {
				set["status"], o.Status = b.Status, b.Status
			}
			if logistics != "" && o.Logistics != logistics {
				set["logistics"], o.Logistics = logistics, logistics
			}
			if o.TotalAmount != total || o.ShippingFee != freight {
				set["total_amount"], set["shipping_fee"], o.TotalAmount, o.ShippingFee = total, freight, total, freight
			}
			if len(set) > 0 {
				if err := tx.Model(&alidb.Order{}).Where("id = ?", o.ID).Updates(set).Error; err != nil {
					return err
				}
			}
		}
		if err := keepPayments(tx, o, t.TradeTerms); err != nil {
			return err
		}
		return s.makePurchaseOrder(tx, a.WarehouseID, o, next, stamp)
	})
}

func logisticsText(n *NativeLogistics) string {
	if n == nil {
		return ""
	}
	var parts []string
	for _, l := range n.LogisticsItems {
		if l.LogisticsBillNo != "" {
			parts = append(parts, strings.TrimSpace(l.LogisticsCompanyName+" "+l.LogisticsBillNo))
		}
	}
	out := strings.Join(parts, "；")
	if len(out) > 300 {
		out = out[:300]
	}
	return out
}

// newOrder makes the order's row (not stored) with its supplier: the one earlier orders of the seller used, else
// the company's supplier of the seller's company name, else a new supplier.
func (s *Service) newOrder(tx *models.DB, a *alidb.Account, t TradeInfo, stamp time.Time) (*alidb.Order, error) {
	b := t.BaseInfo
	name, contact, phone := b.SellerLoginID, "", ""
	if c := b.SellerContact; c != nil {
		if strings.TrimSpace(c.CompanyName) != "" {
			name = strings.TrimSpace(c.CompanyName)
		}
		contact, phone = c.Name, c.Mobile
		if phone == "" {
			phone = c.Phone
		}
	}
	o := &alidb.Order{CompanyID: a.CompanyID, AccountID: a.ID, AliOrderID: b.OrderID(), Status: b.Status,
		SellerLoginID: b.SellerLoginID, SellerName: name, ImportedAt: stamp}
	var prior alidb.Order
	err := tx.Where("company_id = ? AND seller_login_id = ? AND seller_login_id <> ''", a.CompanyID, b.SellerLoginID).
		Order("imported_at").Limit(1).Take(&prior).Error
	if err == nil {
		o.SupplierID = prior.SupplierID
		return o, nil
	}
	if !models.IsNotFound(err) {
		return nil, err
	}
	var sup catalogdb.Supplier
	err = tx.Where("company_id = ? AND name = ?", a.CompanyID, name).Order("created_at").Limit(1).Take(&sup).Error
	switch {
	case err == nil:
	case models.IsNotFound(err):
		sup = catalogdb.Supplier{CompanyID: a.CompanyID, Name: name, Contact: contact, Phone: phone,
			Remark: "1688 " + b.SellerLoginID, CreatedAt: stamp, UpdatedAt: stamp}
		if err := catalogdb.CreateSupplier(tx, &sup); err != nil {
			return nil, err
		}
	default:
		return nil, err
	}
	o.SupplierID = sup.ID
	return o, nil
}

func (s *Service) newLines(tx *models.DB, o *alidb.Order, items []ProductItem) error {
	offers := make([]string, 0, len(items))
	for _, it := range items {
		offers = append(offers, it.ProductID.String())
	}
	links, err := alidb.Links(tx, o.CompanyID, offers)
	if err != nil {
		return err
	}
	lines := make([]alidb.OrderLine, 0, len(items))
	unmapped := 0
	for _, it := range items {
		qty, err := strconv.Atoi(it.Quantity.String())
		if err != nil {
			f, ferr := strconv.ParseFloat(it.Quantity.String(), 64)
			if ferr != nil {
				return fmt.Errorf("quantity %q", it.Quantity)
			}
			qty = int(f)
		}
		price, err := money(it.Price.String())
		if err != nil {
			return err
		}
		amount, err := money(it.ItemAmount.String())
		if err != nil {
			return err
		}
		l := alidb.OrderLine{CompanyID: o.CompanyID, OrderID: o.ID, OfferID: it.ProductID.String(), SpecID: it.SpecID,
			Name: cut(it.Name, 300), CargoNumber: cut(it.CargoNumber, 100), Quantity: qty, Price: price, Amount: amount}
		if p, ok := links[[2]string{l.OfferID, l.SpecID}]; ok {
			l.ProductID = &p
		} else {
			unmapped++
		}
		lines = append(lines, l)
	}
	if len(lines) > 0 {
		if err := tx.Create(&lines).Error; err != nil {
			return err
		}
	}
	o.LinesUnmapped = unmapped
	return tx.Model(&alidb.Order{}).Where("id = ?", o.ID).Update("lines_unmapped", unmapped).Error
}

func cut(s string, n int) string {
	r := []rune(s)
	if len(r) > n {
		return string(r[:n])
	}
	return s
}

// keepPayments adds the order's paid phases not kept yet (a phase is kept once; its refund changes its state).
func keepPayments(tx *models.DB, o *alidb.Order, terms []TradeTerm) error {
	known, err := alidb.Payments(tx, o.CompanyID, o.ID)
	if err != nil {
		return err
	}
	have := map[string]alidb.Payment{}
	for _, p := range known {
		have[p.Phase] = p
	}
	for _, t := range terms {
		if t.PayStatus != "2" && t.PayStatus != "4" && t.PayStatus != "6" {
			continue
		}
		phase := t.Phase.String()
		if p, ok := have[phase]; ok {
			if p.PayStatus != t.PayStatus {
				if err := tx.Model(&alidb.Payment{}).Where("id = ?", p.ID).Update("pay_status", t.PayStatus).Error; err != nil {
					return err
				}
			}
			continue
		}
		amount, err := money(t.PhasAmount.String())
		if err != nil {
			return err
		}
		paid, ok := ParseTime(t.PayTime)
		if !ok {
			paid = o.OrderedAt
		}
		p := alidb.Payment{CompanyID: o.CompanyID, OrderID: o.ID, Phase: phase, Amount: amount, PayStatus: t.PayStatus,
			PayWay: cut(t.PayWayDesc, 50), PaidAt: paid}
		if err := tx.Create(&p).Error; err != nil {
			return err
		}
	}
	return nil
}

// makePurchaseOrder makes the order's purchase order (待提交, 款到发货, into the account's warehouse) once every
// line names a product, unless it has one or was cancelled at 1688. Lines of the same product are one line.
func (s *Service) makePurchaseOrder(tx *models.DB, warehouseID int64, o *alidb.Order, next func() (string, error), stamp time.Time) error {
	if o.PurchaseOrderID != nil || o.LinesUnmapped > 0 || closedStatus(o.Status) {
		return nil
	}
	lines, err := alidb.Lines(tx, o.CompanyID, o.ID)
	if err != nil || len(lines) == 0 {
		return err
	}
	type sum struct{ qty, amount int64 }
	byProduct := map[int64]*sum{}
	var order []int64
	for _, l := range lines {
		if l.ProductID == nil {
			return nil
		}
		p := *l.ProductID
		if byProduct[p] == nil {
			byProduct[p] = &sum{}
			order = append(order, p)
		}
		byProduct[p].qty += int64(l.Quantity)
		byProduct[p].amount += l.Amount
	}
	po := &purchasedb.PurchaseOrder{CompanyID: o.CompanyID, SupplierID: o.SupplierID, WarehouseID: warehouseID,
		Currency: "CNY", PaymentTerms: purchasedb.TermsPrepay, Status: purchasedb.OrderDraft,
		Remark: cut(remark(o), 500), CreatedAt: stamp, UpdatedAt: stamp}
	if po.Number, err = next(); err != nil {
		return err
	}
	pl := make([]purchasedb.PurchaseOrderLine, 0, len(order))
	for _, p := range order {
		sm := byProduct[p]
		// The unit price is the line's amount over its units, to Money's four decimals (1688's own is two).
		pl = append(pl, purchasedb.PurchaseOrderLine{ProductID: p, Quantity: int(sm.qty), UnitPrice: roundDiv(sm.amount, sm.qty)})
	}
	if err := purchasedb.CreateOrder(tx, po, pl); err != nil {
		return err
	}
	res := tx.Model(&alidb.Order{}).Where("id = ? AND purchase_order_id IS NULL", o.ID).Update("purchase_order_id", po.ID)
	if res.Error != nil {
		return res.Error
	}
	if res.RowsAffected != 1 {
		return errors.New("the order got its purchase order meanwhile")
	}
	o.PurchaseOrderID = &po.ID
	return nil
}

func roundDiv(a, b int64) int64 {
	if b == 0 {
		return 0
	}
	return (2*a + b) / (2 * b)
}

func remark(o *alidb.Order) string {
	r := "1688订单 " + o.AliOrderID + "；运费 " + models.MoneyFromUnits(o.ShippingFee).StringFixed(2)
	if o.Logistics != "" {
		r += "；物流 " + o.Logistics
	}
	return r
}
