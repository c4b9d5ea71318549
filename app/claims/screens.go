package claims

import (
	"context"
	"encoding/json"
	"regexp"
	"strings"
	"time"

	"sellerhub/app/core"
	"sellerhub/models"
	amazondatadb "sellerhub/models/amazondata"
	claimsdb "sellerhub/models/claims"
)

// PermissionSubmit marks a claim 已提交 (the 赔偿报告 screen's button permission).
const PermissionSubmit = "amz:claim:submit"

// Messages of 赔偿报告 and 待索赔.
const (
	MsgDateInvalid   = "日期格式应为 yyyy-MM-dd"
	MsgDateOrder     = "开始日期不能晚于结束日期"
	MsgClaimMissing  = "索赔"
	MsgCaseIDEmpty   = "请填写亚马逊的案例编号（Case ID）"
	MsgCaseIDInvalid = "案例编号只能包含字母、数字和短横线，最多30位"
	MsgClaimNotOpen  = "该索赔已不是待索赔状态，不能标记已提交"
)

// reimbursementSorts are 赔偿报告's sortable columns by the client's names.
var reimbursementSorts = map[string]string{"approvalDate": "approval_date", "sku": "sku", "amountTotal": "amount_total",
	"quantityTotal": "quantity_total", "reason": "reason"}

// ReimbursementQuery is the body of 赔偿报告: the page, the sort, a store group and marketplace, a reason, a part of
// the SKU, FNSKU, case, reimbursement or order id, and the approval days from and to (yyyy-MM-dd, UTC).
type ReimbursementQuery struct {
	core.PageRequest
	Sort          string `json:"sort"`
	Order         string `json:"order"`
	GroupID       string `json:"groupId"`
	MarketplaceID string `json:"marketplaceId"`
	Reason        string `json:"reason"`
	Keyword       string `json:"keyword"`
	From          string `json:"from"`
	To            string `json:"to"`
}

// ReimbursementPage lists a page of 赔偿报告, newest first unless sorted.
func (s *Service) ReimbursementPage(ctx context.Context, p core.Principal, q ReimbursementQuery) ([]amazondatadb.ReimbursementRow, int64, core.PageRequest, error) {
	r := q.PageRequest.Normalized()
	f := amazondatadb.ReimbursementFilter{UserID: p.UserID, MarketplaceID: strings.TrimSpace(q.MarketplaceID),
		Reason: strings.TrimSpace(q.Reason), Keyword: strings.TrimSpace(q.Keyword), OrderBy: reimbursementSorts[q.Sort],
		Desc: q.Sort == "" || strings.EqualFold(q.Order, "desc"), Offset: r.Offset(), Limit: r.Size, Anchor: r.Anchor()}
	from, err := day(q.From)
	if err != nil {
		return nil, 0, r, err
	}
	to, err := day(q.To)
	if err != nil {
		return nil, 0, r, err
	}
	if !from.IsZero() && !to.IsZero() && from.After(to) {
		return nil, 0, r, core.Invalid(MsgDateOrder)
	}
	f.From = from
	if !to.IsZero() {
		f.To = to.AddDate(0, 0, 1)
	}
	if g := strings.TrimSpace(q.GroupID); g != "" {
		n, ok := core.ParseID(g)
		if !ok {
			return []amazondatadb.ReimbursementRow{}, 0, r, nil
		}
		f.GroupID = n
	}
	rows, total, err := amazondatadb.ReimbursementPage(s.db.With(ctx), p.CompanyID, f)
	return rows, total, r, err
}

// Reasons lists the reasons of the company's reimbursements, for the filter.
func (s *Service) Reasons(ctx context.Context, p core.Principal) ([]string, error) {
	return amazondatadb.ReimbursementReasons(s.db.With(ctx), p.CompanyID)
}

// day reads a yyyy-MM-dd filter day as midnight UTC; "" is the zero time.
func day(raw string) (time.Time, error) {
	raw = strings.TrimSpace(raw)
	if raw == "" {
		return time.Time{}, nil
	}
	t, err := time.Parse(time.DateOnly, raw)
	if err != nil {
		return time.Time{}, core.Invalid(MsgDateInvalid)
	}
	return t, nil
}

// ClaimQuery is the body of 待索赔: the page, a store group and marketplace, a kind (lost, inbound, return, fee), a status
// (open, submitted, settled, expired; "" the first two, all for every one) and a part of the SKU, FNSKU, reference or case id.
type ClaimQuery struct {
	core.PageRequest
	GroupID       string `json:"groupId"`
	MarketplaceID string `json:"marketplaceId"`
	Kind          string `json:"kind"`
	Status        string `json:"status"`
	Keyword       string `json:"keyword"`
}

// ClaimPage lists a page of 待索赔, the nearest deadline first. The first page audits the company first, so the
// list holds what the last sync brought: new claims proposed, covered ones settled, lapsed ones expired.
func (s *Service) ClaimPage(ctx context.Context, p core.Principal, q ClaimQuery) ([]claimsdb.ClaimRow, int64, core.PageRequest, error) {
	r := q.PageRequest.Normalized()
	if r.Current <= 1 {
		if _, err := s.Audit(ctx, p.CompanyID); err != nil {
			return nil, 0, r, err
		}
	}
	f := claimsdb.ClaimFilter{UserID: p.UserID, MarketplaceID: strings.TrimSpace(q.MarketplaceID), Kind: strings.TrimSpace(q.Kind),
		Status: strings.TrimSpace(q.Status), Keyword: strings.TrimSpace(q.Keyword), Offset: r.Offset(), Limit: r.Size, Anchor: r.Anchor()}
	if g := strings.TrimSpace(q.GroupID); g != "" {
		n, ok := core.ParseID(g)
		if !ok {
			return []claimsdb.ClaimRow{}, 0, r, nil
		}
		f.GroupID = n
	}
	rows, total, err := claimsdb.ClaimPage(s.db.With(ctx), p.CompanyID, f)
	return rows, total, r, err
}

// ClaimWithEvidence is a claim with its evidence lines and the policy it is held to.
type ClaimWithEvidence struct {
	Claim    *claimsdb.Claim
	Evidence []Evidence
	Policy   Policy
}

// Claim finds one claim of the user's store groups with its evidence.
func (s *Service) Claim(ctx context.Context, p core.Principal, rawID string) (*ClaimWithEvidence, error) {
	c, err := s.claimOf(ctx, p, rawID)
	if err != nil {
		return nil, err
	}
	out := &ClaimWithEvidence{Claim: c, Evidence: []Evidence{}}
	_ = json.Unmarshal([]byte(c.Evidence), &out.Evidence)
	for _, pol := range Policies {
		if pol.Name == c.Policy {
			out.Policy = pol
		}
	}
	return out, nil
}

func (s *Service) claimOf(ctx context.Context, p core.Principal, rawID string) (*claimsdb.Claim, error) {
	id, ok := core.ParseID(rawID)
	if !ok {
		return nil, core.NotFound(MsgClaimMissing)
	}
	c, err := claimsdb.ClaimOf(s.db.With(ctx), p.CompanyID, p.UserID, id)
	if models.IsNotFound(err) {
		return nil, core.NotFound(MsgClaimMissing)
	}
	return c, err
}

// SubmitForm is the body of 标记已提交: Amazon's case id of the claim filed in Seller Central.
type SubmitForm struct {
	CaseID string `json:"caseId"`
}

var caseIDPattern = regexp.MustCompile(`^[A-Za-z0-9-]{1,30}$`)

// Submit marks an open claim 已提交 with the case id the seller filed it under; the audit then settles it when a
// reimbursement names the case (or covers the units).
func (s *Service) Submit(ctx context.Context, p core.Principal, rawID string, f SubmitForm) (*claimsdb.Claim, error) {
	caseID := strings.TrimSpace(f.CaseID)
	if caseID == "" {
		return nil, core.Invalid(MsgCaseIDEmpty)
	}
	if !caseIDPattern.MatchString(caseID) {
		return nil, core.Invalid(MsgCaseIDInvalid)
	}
	c, err := s.claimOf(ctx, p, rawID)
	if err != nil {
		return nil, err
	}
	if c.Status != claimsdb.StatusOpen {
		return nil, core.Invalid(MsgClaimNotOpen)
	}
	now := s.now().UTC().Truncate(time.Microsecond)
	err = claimsdb.UpdateClaim(s.db.With(ctx), p.CompanyID, c.ID, map[string]any{"status": claimsdb.StatusSubmitted,
		"case_id": caseID, "submitted_at": now, "submitted_by": p.UserID, "updated_at": now})
	if err != nil {
		return nil, err
	}
	c.Status, c.CaseID, c.SubmittedAt = claimsdb.StatusSubmitted, caseID, &now
	return c, nil
}
