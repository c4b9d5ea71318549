package amazon

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"

	"github.com/shopspring/decimal"
)

// Sponsored Products v3 changes: PUT /sp/campaigns, /sp/adGroups and /sp/keywords with the entity's media type
// change state (ENABLED, PAUSED), a campaign's daily budget, an ad group's default bid or a keyword's bid; POST
// /sp/<entity>/delete archives (v3 has no ARCHIVED state to PUT). Amazon answers 207: each entity's success or
// errors by its index in the request, so one refused entity leaves the others changed.

// The kinds of entity a change reaches.
const (
	SPKindCampaign = "campaigns"
	SPKindAdGroup  = "adGroups"
	SPKindKeyword  = "keywords"
)

var spMutationOps = map[string]struct{ media, id string }{
	SPKindCampaign: {spCampaigns.mediaType, "campaignId"},
	SPKindAdGroup:  {spAdGroups.mediaType, "adGroupId"},
	SPKindKeyword:  {spKeywords.mediaType, "keywordId"},
}

// SPMutationLimit is the most entities one call changes.
const SPMutationLimit = 1000

// SPChange is a change of one entity: its id, and the state or amount (budget or bid) to set, if any.
type SPChange struct {
	ID     string
	State  string
	Amount *decimal.Decimal
}

// SPResult is Amazon's answer for one change: done, or refused with its error type and message; ID is the
// entity's id Amazon answers (a created entity's new id).
type SPResult struct {
	OK      bool
	ID      string
	Error   string
	Message string
}

// UpdateSP sends changes of one kind of entity, in calls of at most SPMutationLimit, and answers a result per change.
func (a *Advertising) UpdateSP(ctx context.Context, endpoint, refreshToken string, profileID int64, kind string, changes []SPChange) ([]SPResult, error) {
	op := spMutationOps[kind]
	return mutateSP(changes, op.id, func(part []SPChange) (json.RawMessage, error) {
		items := make([]map[string]any, len(part))
		for i, c := range part {
			item := map[string]any{op.id: c.ID}
			if c.State != "" {
				item["state"] = c.State
			}
			if c.Amount != nil {
				n := json.Number(c.Amount.String())
				switch kind {
				case SPKindCampaign:
					item["budget"] = map[string]any{"budget": n, "budgetType": "DAILY"}
				case SPKindAdGroup:
					item["defaultBid"] = n
				default:
					item["bid"] = n
				}
			}
			items[i] = item
		}
		var out map[string]json.RawMessage
		err := a.adsCall(ctx, http.MethodPut, endpoint+"/sp/"+kind, refreshToken, profileID, op.media, map[string]any{kind: items}, &out)
		return out[kind], err
	})
}

// ArchiveSP archives entities of one kind by their ids.
func (a *Advertising) ArchiveSP(ctx context.Context, endpoint, refreshToken string, profileID int64, kind string, ids []string) ([]SPResult, error) {
	op := spMutationOps[kind]
	changes := make([]SPChange, len(ids))
	for i, id := range ids {
		changes[i] = SPChange{ID: id}
	}
	return mutateSP(changes, op.id, func(part []SPChange) (json.RawMessage, error) {
		include := make([]string, len(part))
		for i, c := range part {
			include[i] = c.ID
		}
		filter := strings.TrimSuffix(op.id, "Id") + "IdFilter"
		var out map[string]json.RawMessage
		err := a.adsCall(ctx, http.MethodPost, endpoint+"/sp/"+kind+"/delete", refreshToken, profileID, op.media,
			map[string]any{filter: map[string]any{"include": include}}, &out)
		return out[kind], err
	})
}

// mutateSP sends the changes in parts and reads each part's 207 answer into a result per change (a success's id
// under idField); a change Amazon names in neither list is taken as refused.
func mutateSP[T any](changes []T, idField string, call func([]T) (json.RawMessage, error)) ([]SPResult, error) {
	out := make([]SPResult, len(changes))
	for from := 0; from < len(changes); from += SPMutationLimit {
		part := changes[from:min(from+SPMutationLimit, len(changes))]
		raw, err := call(part)
		if err != nil {
			return nil, err
		}
		var answer struct {
			Success []map[string]json.RawMessage `json:"success"`
			Error   []struct {
				Index  int `json:"index"`
				Errors []struct {
					ErrorType  string                     `json:"errorType"`
					ErrorValue map[string]json.RawMessage `json:"errorValue"`
				} `json:"errors"`
			} `json:"error"`
		}
		if len(raw) > 0 {
			if err := json.Unmarshal(raw, &answer); err != nil {
				return nil, err
			}
		}
		done := make([]bool, len(part))
		for _, s := range answer.Success {
			var index int
			var id json.Number
			if json.Unmarshal(s["index"], &index) != nil || index < 0 || index >= len(part) {
				continue
			}
			if raw := s[idField]; raw != nil {
				var text string
				if json.Unmarshal(raw, &text) == nil {
					id = json.Number(text)
				} else {
					_ = json.Unmarshal(raw, &id)
				}
			}
			out[from+index], done[index] = SPResult{OK: true, ID: id.String()}, true
		}
		for _, e := range answer.Error {
			if e.Index < 0 || e.Index >= len(part) {
				continue
			}
			r := SPResult{}
			for _, x := range e.Errors {
				r.Error = x.ErrorType
				var detail struct {
					Reason  string `json:"reason"`
					Message string `json:"message"`
				}
				raw, ok := x.ErrorValue[x.ErrorType]
				// Sponsored Brands v4 files its detail under another key (otherError) than its errorType.
				for _, v := range x.ErrorValue {
					if !ok {
						raw, ok = v, true
					}
				}
				_ = json.Unmarshal(raw, &detail)
				r.Message = strings.TrimSpace(detail.Reason + " " + detail.Message)
				break
			}
			out[from+e.Index], done[e.Index] = r, true
		}
		for i := range part {
			if !done[i] {
				out[from+i] = SPResult{Error: "noAnswer", Message: "Amazon did not answer for this entity"}
			}
		}
	}
	return out, nil
}

// Sponsored Products v3 creations: POST /sp/negativeKeywords (an ad group's NEGATIVE_EXACT or NEGATIVE_PHRASE),
// /sp/campaignNegativeKeywords (a campaign's) and /sp/keywords (EXACT, PHRASE or BROAD with a bid), each with its
// media type, up to 1000 entities a call. Amazon answers 207: each entity's success with its new id, or its
// errors, by index; a duplicate, an archived parent or a bid out of range refuses that entity only.

// The kinds of entity a creation makes.
const (
	SPKindNegativeKeyword         = "negativeKeywords"
	SPKindCampaignNegativeKeyword = "campaignNegativeKeywords"
)

var spCreateOps = map[string]struct{ media, id string }{
	SPKindNegativeKeyword:         {spNegativeKeywords.mediaType, "negativeKeywordId"},
	SPKindCampaignNegativeKeyword: {spCampaignNegativeKeywords.mediaType, "campaignNegativeKeywordId"},
	SPKindKeyword:                 {spKeywords.mediaType, "keywordId"},
}

// SPNew is an entity to create: its campaign, ad group (none for a campaign's negative), text, match type and,
// for a keyword, the bid.
type SPNew struct {
	CampaignID, AdGroupID, Text, MatchType string
	Bid                                    *decimal.Decimal
}

// CreateSP creates entities of one kind (enabled), in calls of at most SPMutationLimit, and answers a result per
// entity with its new id.
func (a *Advertising) CreateSP(ctx context.Context, endpoint, refreshToken string, profileID int64, kind string, items []SPNew) ([]SPResult, error) {
	op := spCreateOps[kind]
	return mutateSP(items, op.id, func(part []SPNew) (json.RawMessage, error) {
		body := make([]map[string]any, len(part))
		for i, n := range part {
			item := map[string]any{"campaignId": n.CampaignID, "keywordText": n.Text, "matchType": n.MatchType, "state": "ENABLED"}
			if kind != SPKindCampaignNegativeKeyword {
				item["adGroupId"] = n.AdGroupID
			}
			if n.Bid != nil {
				item["bid"] = json.Number(n.Bid.String())
			}
			body[i] = item
		}
		var out map[string]json.RawMessage
		err := a.adsCall(ctx, http.MethodPost, endpoint+"/sp/"+kind, refreshToken, profileID, op.media, map[string]any{kind: body}, &out)
		return out[kind], err
	})
}
