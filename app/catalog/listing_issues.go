package catalog

import (
	"context"
	"errors"
	"net/http"

	"sellerhub/app/amazon"
	"sellerhub/app/core"
	"sellerhub/models"
	catalogdb "sellerhub/models/catalog"
	storesdb "sellerhub/models/stores"
)

// Messages of 商品列表's 不可售原因 (Amazon's issues of a listing, read live).
const (
	MsgIssuesNoListing = "亚马逊没有这个卖家SKU的Listing（可能已删除），请等待下次Listing同步"
	MsgIssuesSealed    = "该店铺的授权无法读取，请在店铺管理中重新授权"
)

// Severities in Chinese, as 商品列表 shows them.
var issueSeverity = map[string]string{"ERROR": "错误", "WARNING": "警告", "INFO": "提示"}

// ListingIssue is one of Amazon's issues of a listing: its code, message (in Chinese where Amazon has it),
// severity, categories, the attributes it concerns, and whether it keeps the listing off sale.
type ListingIssue struct {
	Code         string   `json:"code"`
	Message      string   `json:"message"`
	Severity     string   `json:"severity"`
	SeverityName string   `json:"severityName"`
	Categories   []string `json:"categories"`
	Attributes   []string `json:"attributes"`
	Suppressing  bool     `json:"suppressing"`
}

// ListingIssues is what Amazon says of a listing now: its status in the marketplace (BUYABLE, DISCOVERABLE; none
// when suppressed), whether it is suppressed, and its issues, errors first.
type ListingIssues struct {
	ID         string         `json:"id"`
	SellerSKU  string         `json:"sellerSku"`
	Status     []string       `json:"status"`
	Suppressed bool           `json:"suppressed"`
	Issues     []ListingIssue `json:"issues"`
}

// ListingIssues reads a listing's summary and issues from the Listings Items API (getListingsItem with
// includedData=summaries,issues) through its store group's authorisation: why Amazon keeps it off sale.
func (b *Browse) ListingIssues(ctx context.Context, p core.Principal, id string) (*ListingIssues, error) {
	n, ok := core.ParseID(id)
	if !ok {
		return nil, core.NotFound(whatListing)
	}
	db := b.db.With(ctx)
	l, err := catalogdb.ListingByID(db, p.CompanyID, p.UserID, n)
	if err != nil {
		return nil, core.NotFoundAs(err, whatListing)
	}
	m, ok := storesdb.MarketplaceByID(l.MarketplaceID)
	if !ok {
		return nil, core.Invalid(MsgBrowseMarket)
	}
	seller, err := storesdb.SellerOfGroupRegion(db, p.CompanyID, l.GroupID, m.Region)
	if err != nil && !models.IsNotFound(err) {
		return nil, err
	}
	if err != nil || seller.Disabled || seller.RefreshToken == "" {
		return nil, core.Invalid(MsgBrowseNoSeller)
	}
	// Without an application of the product's (or the seller's own) nothing is asked of Amazon.
	if msg := b.stores.SellerAppMissing(); msg != "" && seller.ClientID == "" {
		return nil, core.Refused(msg)
	}
	api, err := b.stores.SellerAPIOf(ctx, seller)
	if errors.Is(err, amazon.ErrUndecryptable) {
		return nil, core.Refused(MsgIssuesSealed)
	} else if err != nil {
		return nil, err
	}
	item, err := api.Client.GetListingsItem(ctx, api.Endpoint, api.RefreshToken, seller.SellingPartnerID, l.SellerSKU, m.ID)
	var ae *amazon.APIError
	switch {
	case errors.As(err, &ae) && ae.Status == http.StatusNotFound:
		return nil, core.Refused(MsgIssuesNoListing)
	case err != nil:
		return nil, amazonProblem(ctx, err)
	}
	out := &ListingIssues{ID: id, SellerSKU: l.SellerSKU, Status: []string{}, Issues: []ListingIssue{}}
	for _, s := range item.Summaries {
		if s.MarketplaceID == m.ID && s.Status != nil {
			out.Status = s.Status
		}
	}
	for _, sev := range []string{"ERROR", "WARNING", "INFO"} {
		for _, i := range item.Issues {
			if i.Severity != sev {
				continue
			}
			issue := ListingIssue{Code: i.Code, Message: i.Message, Severity: i.Severity, SeverityName: issueSeverity[i.Severity],
				Categories: append([]string{}, i.Categories...), Attributes: append([]string{}, i.AttributeNames...), Suppressing: i.Suppresses()}
			out.Suppressed = out.Suppressed || issue.Suppressing
			out.Issues = append(out.Issues, issue)
		}
	}
	return out, nil
}
