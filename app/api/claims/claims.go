// Package claims serves 赔偿报告 and 待索赔 under /amazon/api/v1: what Amazon reimbursed, and the claims the audit
// found, with their evidence, marked 已提交 with a case id.
package claims

import (
	"strconv"
	"time"

	"github.com/labstack/echo/v5"

	"sellerhub/app/api"
	"sellerhub/app/claims"
	"sellerhub/app/middleware"
	amazondatadb "sellerhub/models/amazondata"
	claimsdb "sellerhub/models/claims"
	storesdb "sellerhub/models/stores"
)

// Handler serves the calls.
type Handler struct {
	Claims   *claims.Service
	TimeZone *time.Location
}

func id(n int64) string { return strconv.FormatInt(n, 10) }

// Reimbursement is a line of 赔偿报告: cash (amountTotal for quantityCash units) and units put back in stock.
type Reimbursement struct {
	ID                        string  `json:"id"`
	GroupName                 string  `json:"groupName"`
	MarketplaceID             string  `json:"marketplaceId"`
	MarketplaceName           string  `json:"marketplaceName"`
	ApprovalDate              string  `json:"approvalDate"`
	ReimbursementID           string  `json:"reimbursementId"`
	CaseID                    string  `json:"caseId"`
	AmazonOrderID             string  `json:"amazonOrderId"`
	Reason                    string  `json:"reason"`
	ReasonName                string  `json:"reasonName"`
	SKU                       string  `json:"sku"`
	FNSKU                     string  `json:"fnsku"`
	ASIN                      string  `json:"asin"`
	ProductName               string  `json:"productName"`
	Condition                 string  `json:"condition"`
	Currency                  string  `json:"currency"`
	AmountPerUnit             float64 `json:"amountPerUnit"`
	AmountTotal               float64 `json:"amountTotal"`
	QuantityCash              int     `json:"quantityCash"`
	QuantityInventory         int     `json:"quantityInventory"`
	QuantityTotal             int     `json:"quantityTotal"`
	OriginalReimbursementID   string  `json:"originalReimbursementId"`
	OriginalReimbursementType string  `json:"originalReimbursementType"`
}

// reasonNames are Amazon's reimbursement reasons in the screen's words.
var reasonNames = map[string]string{"Lost_Warehouse": "仓库丢失", "Damaged_Warehouse": "仓库损坏",
	"Lost_Inbound": "入库丢失", "Damaged_Inbound": "入库损坏", "CustomerReturn": "买家退货未退回",
	"CustomerServiceIssue": "客服问题", "Reimbursement_Reversal": "赔偿撤回", "FeeCorrection": "费用更正",
	"Lost_Outbound": "出库丢失", "Damaged_Outbound": "出库损坏", "Removal_Order_Lost": "移除丢失",
	"Removal_Order_Damaged": "移除损坏", "GeneralAdjustment": "一般调整"}

func (h *Handler) reimbursement(r *amazondatadb.ReimbursementRow) Reimbursement {
	m, _ := storesdb.MarketplaceByID(r.MarketplaceID)
	name := reasonNames[r.Reason]
	if name == "" {
		name = r.Reason
	}
	per, _ := r.AmountPerUnit.Float64()
	total, _ := r.AmountTotal.Float64()
	return Reimbursement{ID: id(r.ID), GroupName: r.GroupName, MarketplaceID: r.MarketplaceID, MarketplaceName: m.Name,
		ApprovalDate: api.FormatTime(&r.ApprovalDate, h.TimeZone), ReimbursementID: r.ReimbursementID, CaseID: r.CaseID,
		AmazonOrderID: r.AmazonOrderID, Reason: r.Reason, ReasonName: name, SKU: r.SKU, FNSKU: r.FNSKU, ASIN: r.ASIN,
		ProductName: r.ProductName, Condition: r.ItemCondition, Currency: r.Currency, AmountPerUnit: per, AmountTotal: total,
		QuantityCash: r.QuantityCash, QuantityInventory: r.QuantityInventory, QuantityTotal: r.QuantityTotal,
		OriginalReimbursementID: r.OriginalReimbursementID, OriginalReimbursementType: r.OriginalReimbursementType}
}

// ReimbursementPage answers POST reimbursements/page {currentpage, pagesize, sort, order, groupId, marketplaceId,
// reason, keyword, from, to}, newest first.
func (h *Handler) ReimbursementPage(c *echo.Context) error {
	return api.PageOf(h.Claims.ReimbursementPage, h.reimbursement)(c)
}

// ReimbursementExport answers GET reimbursements/export?<filters>: the whole query as 赔偿报告_<date>.xlsx.
func (h *Handler) ReimbursementExport(x api.Exporter) echo.HandlerFunc {
	return api.ExportOf(x, "赔偿报告", "reimbursementList", h.Claims.ReimbursementPage, h.reimbursement)
}

// Reasons answers GET reimbursements/reasons: the reasons the company's reimbursements give, with their names.
func (h *Handler) Reasons(c *echo.Context) error {
	p, _ := middleware.Principal(c)
	rs, err := h.Claims.Reasons(c.Request().Context(), p)
	if err != nil {
		return err
	}
	out := make([]Option, len(rs))
	for i, r := range rs {
		out[i] = Option{Value: r, Label: reasonNames[r]}
		if out[i].Label == "" {
			out[i].Label = r
		}
	}
	return api.OK(c, out)
}

// Option is a value of a filter with its label.
type Option struct {
	Value string `json:"value"`
	Label string `json:"label"`
}

// Claim is a line of 待索赔.
type Claim struct {
	ID              string  `json:"id"`
	GroupName       string  `json:"groupName"`
	MarketplaceID   string  `json:"marketplaceId"`
	MarketplaceName string  `json:"marketplaceName"`
	Kind            string  `json:"kind"`
	KindName        string  `json:"kindName"`
	SKU             string  `json:"sku"`
	FNSKU           string  `json:"fnsku"`
	ReferenceID     string  `json:"referenceId"`
	Units           int     `json:"units"`
	Currency        string  `json:"currency"`
	UnitValue       float64 `json:"unitValue"`
	Amount          float64 `json:"amount"`
	EventDay        string  `json:"eventDay"`
	OpensOn         string  `json:"opensOn"`
	Deadline        string  `json:"deadline"`
	Status          string  `json:"status"`
	StatusName      string  `json:"statusName"`
	CaseID          string  `json:"caseId"`
	ReimbursementID string  `json:"reimbursementId"`
	// DaysLeft counts down to the deadline (0 on its last day, negative past it) for a claim still to file; nil
	// for one filed, settled or expired. Urgency says it in words: 已过期, 今天截止, 剩N天 or N天后可申请.
	DaysLeft *int   `json:"daysLeft"`
	Urgency  string `json:"urgency"`
	// Urgent: an open claim due within urgentDays, or past its deadline.
	Urgent bool `json:"urgent"`
}

// urgentDays is how close a deadline is shown as urgent: a week leaves time to gather the evidence Amazon asks.
const urgentDays = 7

// urgency is the countdown of a claim as of today.
func urgency(c *claimsdb.Claim, today string) (*int, string, bool) {
	switch {
	case c.Status == claimsdb.StatusExpired:
		return nil, "已过期", true
	case c.Status != claimsdb.StatusOpen:
		return nil, "—", false
	}
	left := claims.DaysLeft(c.Deadline, today)
	switch {
	case left < 0:
		return &left, "已过期", true
	case today < c.OpensOn:
		return &left, strconv.Itoa(claims.DaysLeft(c.OpensOn, today)) + "天后可申请", false
	case left == 0:
		return &left, "今天截止", true
	}
	return &left, "剩" + strconv.Itoa(left) + "天", left <= urgentDays
}

var kindNames = map[string]string{claimsdb.KindLost: "运营中心丢失/损坏", claimsdb.KindInbound: "入库缺件",
	claimsdb.KindReturn: "退款未退货", claimsdb.KindFee: "配送费多收"}

var statusNames = map[string]string{claimsdb.StatusOpen: "待索赔", claimsdb.StatusSubmitted: "已提交",
	claimsdb.StatusSettled: "已赔偿", claimsdb.StatusExpired: "已过期"}

func (h *Handler) claim(c *claimsdb.Claim, group string) Claim {
	m, _ := storesdb.MarketplaceByID(c.MarketplaceID)
	per, _ := c.UnitValue.Float64()
	amount, _ := c.Amount.Float64()
	out := Claim{ID: id(c.ID), GroupName: group, MarketplaceID: c.MarketplaceID, MarketplaceName: m.Name, Kind: c.Kind,
		KindName: kindNames[c.Kind], SKU: c.SKU, FNSKU: c.FNSKU, ReferenceID: c.ReferenceID, Units: c.Units,
		Currency: c.Currency, UnitValue: per, Amount: amount, EventDay: c.EventDay, OpensOn: c.OpensOn, Deadline: c.Deadline,
		Status: c.Status, StatusName: statusNames[c.Status], CaseID: c.CaseID, ReimbursementID: c.ReimbursementID}
	out.DaysLeft, out.Urgency, out.Urgent = urgency(c, h.Claims.Today())
	return out
}

func (h *Handler) claimRow(r *claimsdb.ClaimRow) Claim { return h.claim(&r.Claim, r.GroupName) }

// ClaimPage answers POST claims/page {currentpage, pagesize, groupId, marketplaceId, kind, status, keyword}, the
// nearest deadline first; the first page audits the company first.
func (h *Handler) ClaimPage(c *echo.Context) error {
	return api.PageOf(h.Claims.ClaimPage, h.claimRow)(c)
}

// ClaimExport answers GET claims/export?<filters>: the whole query as 待索赔_<date>.xlsx.
func (h *Handler) ClaimExport(x api.Exporter) echo.HandlerFunc {
	return api.ExportOf(x, "待索赔", "claimList", h.Claims.ClaimPage, h.claimRow)
}

// ClaimDetail is a claim with its evidence and the policy whose window it is held to.
type ClaimDetail struct {
	Claim
	Evidence     []claims.Evidence `json:"evidence"`
	Policy       string            `json:"policy"`
	PolicySource string            `json:"policySource"`
}

// GetClaim answers GET claims/:id: the claim, its evidence and its policy.
func (h *Handler) GetClaim(c *echo.Context) error {
	p, _ := middleware.Principal(c)
	d, err := h.Claims.Claim(c.Request().Context(), p, c.Param("id"))
	if err != nil {
		return err
	}
	return api.OK(c, ClaimDetail{Claim: h.claim(d.Claim, ""), Evidence: d.Evidence, Policy: d.Policy.Name, PolicySource: d.Policy.Source})
}

// Submit answers POST claims/:id/submit {caseId}: the claim marked 已提交 under Amazon's case id.
func (h *Handler) Submit(c *echo.Context) error {
	var f claims.SubmitForm
	if err := c.Bind(&f); err != nil {
		return err
	}
	p, _ := middleware.Principal(c)
	cl, err := h.Claims.Submit(c.Request().Context(), p, c.Param("id"), f)
	if err != nil {
		return err
	}
	return api.OK(c, h.claim(cl, ""))
}
