package claims

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"time"

	"sellerhub/models"
	amazondatadb "sellerhub/models/amazondata"
	claimsdb "sellerhub/models/claims"
)

// Evidence is one line of a claim's evidence: what happened, when, under which reference, to how many units.
type Evidence struct {
	Day       string `json:"day"`
	What      string `json:"what"`
	Reference string `json:"reference"`
	Place     string `json:"place,omitempty"`
	Units     int    `json:"units"`
}

// AuditResult counts what an audit did.
type AuditResult struct {
	Proposed, Settled, Expired int
}

// lostReasons are the adjustments a claim of lost or damaged units starts from: misplaced (M) and damaged at a
// fulfilment centre (E), Amazon's fault both. foundReasons put units back.
var (
	lostReasons  = []string{"M", "E"}
	foundReasons = []string{"F"}
)

// Audit looks through a company's ledger, reimbursements, closed shipments, refunds and fees for claims it can still file:
// proposes each new one once (its key is kept whatever becomes of it), settles those that a later find, receipt or
// reimbursement covered (a submitted one matched by its case id first), and lets lapse those whose window closed
// unfiled. It is idempotent: an audit over the same data changes nothing.
func (s *Service) Audit(ctx context.Context, companyID int64) (AuditResult, error) {
	db := s.db.With(ctx)
	today := s.now().UTC().Format(time.DateOnly)
	var res AuditResult
	reimbursed, err := claimsdb.Reimbursed(db, companyID)
	if err != nil {
		return res, err
	}
	lost, err := s.auditLost(db, companyID, today, reimbursed)
	if err != nil {
		return res, err
	}
	inbound, err := s.auditInbound(db, companyID, today, reimbursed)
	if err != nil {
		return res, err
	}
	returns, err := s.auditReturns(db, companyID, today, reimbursed)
	if err != nil {
		return res, err
	}
	fees, err := s.auditFees(db, companyID, today, reimbursed)
	if err != nil {
		return res, err
	}
	for _, r := range []AuditResult{lost, inbound, returns, fees} {
		res.Proposed, res.Settled, res.Expired = res.Proposed+r.Proposed, res.Settled+r.Settled, res.Expired+r.Expired
	}
	return res, nil
}

// candidate is what the audit makes of one event: the units nothing covered, and how many were covered by what.
type candidate struct {
	claim     claimsdb.Claim
	uncovered int
	// by is the reimbursement that covered the last of the units, if one did.
	by       string
	evidence []Evidence
	// priced claims carry their own value (a refund's principal, a fee's overcharge).
	priced bool
}

// cover is a find or a reimbursement that can account for lost units after its time.
type cover struct {
	at        time.Time
	units     int
	what, ref string
	reimburse bool
}

// auditLost: units lost (M) or damaged (E) at a centre, matched oldest first to the finds and the warehouse
// reimbursements of the same FNSKU that came after them.
func (s *Service) auditLost(db *models.DB, companyID int64, today string, reimbursed []amazondatadb.Reimbursement) (AuditResult, error) {
	events, err := claimsdb.LostOrDamaged(db, companyID, lostReasons)
	if err != nil {
		return AuditResult{}, err
	}
	found, err := claimsdb.Found(db, companyID, foundReasons)
	if err != nil {
		return AuditResult{}, err
	}
	type item struct {
		seller             int64
		marketplace, fnsku string
	}
	covers := map[item][]*cover{}
	for _, f := range found {
		k := item{f.SellerID, f.MarketplaceID, f.FNSKU}
		covers[k] = append(covers[k], &cover{at: f.EventAt, units: f.Quantity, what: "找到（F）", ref: f.ReferenceID})
	}
	for _, r := range reimbursed {
		if !strings.Contains(strings.ToLower(r.Reason), "warehouse") {
			continue
		}
		k := item{r.SellerID, r.MarketplaceID, r.FNSKU}
		covers[k] = append(covers[k], &cover{at: r.ApprovalDate, units: r.QuantityTotal, what: "赔偿 " + r.Reason,
			ref: r.ReimbursementID, reimburse: true})
	}
	for _, cs := range covers {
		slices.SortStableFunc(cs, func(a, b *cover) int { return a.at.Compare(b.at) })
	}
	var cands []candidate
	for _, e := range events {
		need := -e.Quantity
		what := "丢失（M）"
		if e.Reason == "E" {
			what = "运营中心损坏（E）"
		}
		c := candidate{claim: claimsdb.Claim{CompanyID: companyID, GroupID: e.GroupID, SellerID: e.SellerID,
			MarketplaceID: e.MarketplaceID, Kind: claimsdb.KindLost, SKU: e.SKU, FNSKU: e.FNSKU, ReferenceID: e.ReferenceID,
			EventDay: e.Day, ClaimKey: fmt.Sprintf("%d|%s|%s|%s|%s|%d", e.SellerID, e.MarketplaceID, e.FNSKU, e.ReferenceID,
				e.FulfillmentCenter, e.EventAt.Unix())},
			evidence: []Evidence{{Day: e.Day, What: what, Reference: e.ReferenceID, Place: e.FulfillmentCenter, Units: e.Quantity}}}
		for _, cv := range covers[item{e.SellerID, e.MarketplaceID, e.FNSKU}] {
			if need == 0 {
				break
			}
			if cv.units <= 0 || cv.at.Before(e.EventAt) {
				continue
			}
			n := min(need, cv.units)
			cv.units -= n
			need -= n
			c.evidence = append(c.evidence, Evidence{Day: cv.at.UTC().Format(time.DateOnly), What: cv.what, Reference: cv.ref, Units: n})
			if cv.reimburse {
				c.by = cv.ref
			}
		}
		c.uncovered = need
		cands = append(cands, c)
	}
	return s.settle(db, companyID, claimsdb.KindLost, today, cands, reimbursed)
}

// auditInbound: a closed shipment's SKU received short, less what Amazon reimbursed for inbound losses of the SKU
// since the shipment closed. The window runs from the day Amazon first received the shipment (the ledger's first
// receipt under its id; the day it closed when the ledger has none).
func (s *Service) auditInbound(db *models.DB, companyID int64, today string, reimbursed []amazondatadb.Reimbursement) (AuditResult, error) {
	items, err := claimsdb.ShortShipmentItems(db, companyID)
	if err != nil {
		return AuditResult{}, err
	}
	used := map[string]int{}
	var cands []candidate
	for _, it := range items {
		seller, err := claimsdb.SellerOfGroup(db, companyID, it.GroupID, it.MarketplaceID)
		if err != nil {
			return AuditResult{}, err
		}
		if seller == 0 {
			continue
		}
		closed := today
		if it.ClosedAt != nil {
			closed = it.ClosedAt.UTC().Format(time.DateOnly)
		}
		delivered := closed
		if it.FirstReceipt != nil && *it.FirstReceipt != "" {
			delivered = *it.FirstReceipt
		}
		need := it.QuantityShipped - it.QuantityReceived
		c := candidate{claim: claimsdb.Claim{CompanyID: companyID, GroupID: it.GroupID, SellerID: seller,
			MarketplaceID: it.MarketplaceID, Kind: claimsdb.KindInbound, SKU: it.SellerSKU, FNSKU: it.FNSKU,
			ReferenceID: it.ShipmentID, EventDay: delivered, ClaimKey: it.ShipmentID + "|" + it.SellerSKU},
			evidence: []Evidence{
				{Day: delivered, What: "装箱发出", Reference: it.ShipmentID, Units: it.QuantityShipped},
				{Day: closed, What: "亚马逊收到（货件已关闭）", Reference: it.ShipmentID, Units: it.QuantityReceived}}}
		for _, r := range reimbursed {
			if need == 0 {
				break
			}
			if r.SellerID != seller || r.MarketplaceID != it.MarketplaceID || r.SKU != it.SellerSKU ||
				!strings.Contains(strings.ToLower(r.Reason), "inbound") || r.ApprovalDate.UTC().Format(time.DateOnly) < delivered {
				continue
			}
			left := r.QuantityTotal - used[r.ReimbursementID+"|"+r.SKU]
			n := min(need, left)
			if n <= 0 {
				continue
			}
			used[r.ReimbursementID+"|"+r.SKU] += n
			need -= n
			c.by = r.ReimbursementID
			c.evidence = append(c.evidence, Evidence{Day: r.ApprovalDate.UTC().Format(time.DateOnly), What: "赔偿 " + r.Reason,
				Reference: r.ReimbursementID, Units: n})
		}
		c.uncovered = need
		cands = append(cands, c)
	}
	return s.settle(db, companyID, claimsdb.KindInbound, today, cands, reimbursed)
}

// settle brings the kind's claims in line with the candidates: a new claim for units nothing covers while the
// window is open; settled for one now covered, or whose case a reimbursement names; expired for an open one past
// its deadline. A key once proposed is never proposed again.
func (s *Service) settle(db *models.DB, companyID int64, kind, today string, cands []candidate, reimbursed []amazondatadb.Reimbursement) (AuditResult, error) {
	var res AuditResult
	existing, err := claimsdb.ClaimsOfCompany(db, companyID, kind)
	if err != nil {
		return res, err
	}
	byKey := make(map[string]*claimsdb.Claim, len(existing))
	for i := range existing {
		byKey[existing[i].ClaimKey] = &existing[i]
	}
	byCase := map[string]string{}
	for _, r := range reimbursed {
		if r.CaseID != "" {
			byCase[r.CaseID] = r.ReimbursementID
		}
	}
	now := s.now().UTC().Truncate(time.Microsecond)
	for _, c := range cands {
		old := byKey[c.claim.ClaimKey]
		if old != nil {
			changes := map[string]any{}
			switch {
			case old.Status == claimsdb.StatusSubmitted && byCase[old.CaseID] != "":
				changes = map[string]any{"status": claimsdb.StatusSettled, "reimbursement_id": byCase[old.CaseID], "settled_at": now}
			case (old.Status == claimsdb.StatusOpen || old.Status == claimsdb.StatusSubmitted) && c.uncovered == 0:
				changes = map[string]any{"status": claimsdb.StatusSettled, "reimbursement_id": c.by, "settled_at": now}
			case old.Status == claimsdb.StatusOpen && today > old.Deadline:
				changes = map[string]any{"status": claimsdb.StatusExpired}
			}
			if len(changes) > 0 {
				changes["evidence"], changes["updated_at"] = evidenceText(c.evidence), now
				if err := claimsdb.UpdateClaim(db, companyID, old.ID, changes); err != nil {
					return res, err
				}
				if changes["status"] == claimsdb.StatusExpired {
					res.Expired++
				} else {
					res.Settled++
				}
			}
			continue
		}
		if c.uncovered <= 0 {
			continue
		}
		p := policyFor(kind, c.claim.MarketplaceID, c.claim.EventDay)
		opens, deadline := p.window(c.claim.EventDay)
		if today < opens || today > deadline {
			continue
		}
		cl := c.claim
		cl.Units, cl.OpensOn, cl.Deadline, cl.Policy, cl.Status = c.uncovered, opens, deadline, p.Name, claimsdb.StatusOpen
		cl.Evidence, cl.CreatedAt, cl.UpdatedAt = evidenceText(c.evidence), now, now
		if !c.priced {
			if err := s.value(db, &cl, reimbursed); err != nil {
				return res, err
			}
		}
		if err := claimsdb.CreateClaim(db, &cl); err != nil {
			if models.IsDuplicate(err) {
				continue // another audit proposed it meanwhile
			}
			return res, err
		}
		res.Proposed++
	}
	return res, nil
}

// value prices a claim's units at what Amazon last paid for a unit of the SKU, else at the listing's price.
func (s *Service) value(db *models.DB, c *claimsdb.Claim, reimbursed []amazondatadb.Reimbursement) error {
	for i := len(reimbursed) - 1; i >= 0; i-- {
		r := reimbursed[i]
		if r.SellerID == c.SellerID && r.SKU == c.SKU && r.AmountPerUnit.IsPositive() {
			c.UnitValue, c.Currency = r.AmountPerUnit, r.Currency
			c.Amount = models.MoneyFromUnits(r.AmountPerUnit.Units() * int64(c.Units))
			return nil
		}
	}
	price, currency, err := claimsdb.ListingPrice(db, c.CompanyID, c.GroupID, c.MarketplaceID, c.SKU)
	if err != nil {
		return err
	}
	c.UnitValue, c.Currency = price, currency
	c.Amount = models.MoneyFromUnits(price.Units() * int64(c.Units))
	return nil
}

func evidenceText(ev []Evidence) string {
	b, _ := json.Marshal(ev)
	return string(b)
}
