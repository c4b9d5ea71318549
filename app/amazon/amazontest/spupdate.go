package amazontest

import (
	"cmp"
	"encoding/json"
	"io"
	"net/http"
	"slices"
	"sync"

	"github.com/shopspring/decimal"
)

// Sponsored Products v3 changes, as Amazon documents them: PUT /sp/campaigns, /sp/adGroups and /sp/keywords
// update up to 1000 entities (state ENABLED or PAUSED, a campaign's budget, an ad group's default bid, a
// keyword's bid); POST /sp/<entity>/delete archives them. Either answers 207 with each entity's result by its
// index in the request: success, or error with Amazon's errorType and errorValue. An archived entity is never
// changed again, bids and budgets outside the marketplace's range are refused, a keyword's bid above its
// campaign's budget too, and AdEdits.Refuse makes Amazon refuse an entity for a reason of the test's.

// spMutation is one of the update operations: the media type, the body's array and the entity's id field.
type spMutation struct{ media, field, id string }

var spMutations = map[string]spMutation{
	"campaigns": {"application/vnd.spCampaign.v3+json", "campaigns", "campaignId"},
	"adGroups":  {"application/vnd.spAdGroup.v3+json", "adGroups", "adGroupId"},
	"keywords":  {"application/vnd.spKeyword.v3+json", "keywords", "keywordId"},
}

// spMutationLimit is the most entities one update or delete call takes.
const spMutationLimit = 1000

// AdEdits are the changes the stand-in's advertiser made through the API, laid over the accounts AdAccountOf makes.
type AdEdits struct {
	mu       sync.Mutex
	changes  map[int64]map[string]adEdit // profile -> entity id -> its change
	refusals map[string]string
	// created are the entities the advertiser created, per profile; next numbers their ids.
	created map[int64]*adCreated
	next    int64
	// sponsored are the Sponsored Display and Sponsored Brands entities created, per profile (sdsbcreate.go).
	sponsored map[int64]*sponsoredMade
}

// adCreated are a profile's entities created through the API.
type adCreated struct {
	negatives, campaignNegatives []AdNegativeKeyword
	keywords                     []AdKeyword
	campaigns                    []AdCampaign
	adGroups                     []AdGroupEntity
	productAds                   []AdProductAd
	targets                      []AdTarget
	negativeTargets              []AdNegativeTarget
}

type adEdit struct {
	state  string
	amount *decimal.Decimal // a campaign's budget, an ad group's default bid, a keyword's bid
}

// Refuse makes Amazon refuse every change of an entity (by its id), or every creation of a keyword or negative
// keyword of this text, with this message (an OTHER_ERROR).
func (e *AdEdits) Refuse(id, message string) {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.refusals[id] = message
}

func (e *AdEdits) apply(profileID int64, a *AdAccount) {
	e.mu.Lock()
	defer e.mu.Unlock()
	if c := e.created[profileID]; c != nil {
		a.Campaigns = append(a.Campaigns, c.campaigns...)
		a.AdGroups = append(a.AdGroups, c.adGroups...)
		a.ProductAds = append(a.ProductAds, c.productAds...)
		a.Targets = append(a.Targets, c.targets...)
		a.NegativeKeywords = append(a.NegativeKeywords, c.negatives...)
		a.CampaignNegativeKeywords = append(a.CampaignNegativeKeywords, c.campaignNegatives...)
		a.Keywords = append(a.Keywords, c.keywords...)
		a.NegativeTargets = append(a.NegativeTargets, c.negativeTargets...)
	}
	ch := e.changes[profileID]
	if len(ch) == 0 {
		return
	}
	set := func(id string, state *string, amount *decimal.Decimal) {
		if c, ok := ch[id]; ok {
			if c.state != "" {
				*state = c.state
			}
			if c.amount != nil && amount != nil {
				*amount = *c.amount
			}
		}
	}
	for i := range a.Campaigns {
		set(a.Campaigns[i].CampaignID, &a.Campaigns[i].State, &a.Campaigns[i].Budget)
	}
	for i := range a.AdGroups {
		set(a.AdGroups[i].AdGroupID, &a.AdGroups[i].State, &a.AdGroups[i].DefaultBid)
	}
	for i := range a.Keywords {
		set(a.Keywords[i].KeywordID, &a.Keywords[i].State, &a.Keywords[i].Bid)
	}
}

// AdCreations are the keywords and negative keywords the advertiser created for a profile, as the list calls
// give them back.
func (s *Server) AdCreations(profileID int64) (negatives, campaignNegatives []AdNegativeKeyword, keywords []AdKeyword) {
	s.AdEdits.mu.Lock()
	defer s.AdEdits.mu.Unlock()
	if c := s.AdEdits.created[profileID]; c != nil {
		return append([]AdNegativeKeyword(nil), c.negatives...), append([]AdNegativeKeyword(nil), c.campaignNegatives...),
			append([]AdKeyword(nil), c.keywords...)
	}
	return nil, nil, nil
}

// addSPMutations adds the update and delete calls (a function: the Server is at its size).
func addSPMutations(s *Server) {
	s.AdEdits = &AdEdits{changes: map[int64]map[string]adEdit{}, refusals: map[string]string{},
		created: map[int64]*adCreated{}}
	for kind, media := range spCreations {
		s.Mux.HandleFunc("POST /sp/"+kind, func(w http.ResponseWriter, r *http.Request) { adsAPI{s}.spCreate(w, r, kind, media) })
	}
	addSPCampaignCreations(s)
	addSponsoredCreations(s)
	for path, op := range spMutations {
		s.Mux.HandleFunc("PUT /sp/"+path, func(w http.ResponseWriter, r *http.Request) { adsAPI{s}.spMutate(w, r, op, false) })
		s.Mux.HandleFunc("POST /sp/"+path+"/delete", func(w http.ResponseWriter, r *http.Request) { adsAPI{s}.spMutate(w, r, op, true) })
	}
}

// spEntity is an entity of the account as a change finds it.
type spEntity struct {
	state    string
	amount   decimal.Decimal
	campaign string
}

// spMutate is an update (or, archive, a delete) of one kind of entity.
func (s adsAPI) spMutate(w http.ResponseWriter, r *http.Request, op spMutation, archive bool) {
	s.mu.Lock()
	p, ok := scopedProfile(s.Server, w, r)
	skus := s.AdSKUs
	s.mu.Unlock()
	if !ok {
		return
	}
	if r.Header.Get("Content-Type") != op.media {
		writeJSON(w, http.StatusUnsupportedMediaType, map[string]string{"code": "UNSUPPORTED_MEDIA_TYPE",
			"message": "Content-Type must be " + op.media})
		return
	}
	b, _ := io.ReadAll(r.Body)
	var items []map[string]json.RawMessage
	if archive {
		var body map[string]struct {
			Include []string `json:"include"`
		}
		if err := json.Unmarshal(b, &body); err != nil {
			writeJSON(w, http.StatusBadRequest, map[string]string{"code": "BAD_REQUEST", "message": "malformed body"})
			return
		}
		filter := op.id[:len(op.id)-2] + "IdFilter"
		for _, id := range body[filter].Include {
			raw, _ := json.Marshal(id)
			items = append(items, map[string]json.RawMessage{op.id: raw})
		}
	} else {
		var body map[string][]map[string]json.RawMessage
		if err := json.Unmarshal(b, &body); err != nil {
			writeJSON(w, http.StatusBadRequest, map[string]string{"code": "BAD_REQUEST", "message": "malformed body"})
			return
		}
		items = body[op.field]
	}
	if len(items) == 0 || len(items) > spMutationLimit {
		writeJSON(w, http.StatusBadRequest, map[string]string{"code": "BAD_REQUEST",
			"message": "between 1 and 1000 entities may be changed in one request"})
		return
	}
	a := AdAccountOf(p, skus)
	s.AdEdits.apply(p.ProfileID, a)
	entities := map[string]spEntity{}
	budgets := map[string]decimal.Decimal{}
	switch op.field {
	case "campaigns":
		for _, c := range a.Campaigns {
			entities[c.CampaignID] = spEntity{c.State, c.Budget, c.CampaignID}
		}
	case "adGroups":
		for _, g := range a.AdGroups {
			entities[g.AdGroupID] = spEntity{g.State, g.DefaultBid, g.CampaignID}
		}
	case "keywords":
		for _, c := range a.Campaigns {
			budgets[c.CampaignID] = c.Budget
		}
		for _, k := range a.Keywords {
			entities[k.KeywordID] = spEntity{k.State, k.Bid, k.CampaignID}
		}
	}
	minBid, maxBid, minBudget := decimal.New(2, -2), decimal.New(1000, 0), decimal.New(1, 0)
	if a.Currency == "JPY" {
		minBid, maxBid, minBudget = decimal.New(2, 0), decimal.New(100000, 0), decimal.New(100, 0)
	}
	success, failure := []map[string]any{}, []map[string]any{}
	refuse := func(i int, errorType, reason, message string) {
		failure = append(failure, map[string]any{"index": i, "errors": []map[string]any{{"errorType": errorType,
			"errorValue": map[string]any{errorType: map[string]any{"reason": reason, "message": message}}}}})
	}
	s.AdEdits.mu.Lock()
	defer s.AdEdits.mu.Unlock()
	changes := s.AdEdits.changes[p.ProfileID]
	if changes == nil {
		changes = map[string]adEdit{}
		s.AdEdits.changes[p.ProfileID] = changes
	}
	for i, item := range items {
		var id string
		_ = json.Unmarshal(item[op.id], &id)
		e, found := entities[id]
		if c, ok := changes[id]; ok {
			if c.state != "" {
				e.state = c.state
			}
			if c.amount != nil {
				e.amount = *c.amount
			}
		}
		change := adEdit{}
		if archive {
			change.state = "ARCHIVED"
		} else {
			if raw, ok := item["state"]; ok {
				_ = json.Unmarshal(raw, &change.state)
			}
			var amount *decimal.Decimal
			switch op.field {
			case "campaigns":
				if raw, ok := item["budget"]; ok {
					var budget struct {
						Budget decimal.Decimal `json:"budget"`
					}
					if json.Unmarshal(raw, &budget) == nil {
						amount = &budget.Budget
					}
				}
			case "adGroups":
				amount = decimalField(item["defaultBid"])
			case "keywords":
				amount = decimalField(item["bid"])
			}
			change.amount = amount
		}
		switch {
		case !found:
			refuse(i, "entityNotFoundError", "ENTITY_NOT_FOUND", op.id+" "+id+" was not found")
			continue
		case s.AdEdits.refusals[id] != "":
			refuse(i, "otherError", "OTHER_ERROR", s.AdEdits.refusals[id])
			continue
		case e.state == "ARCHIVED":
			refuse(i, "entityStateError", "ARCHIVED_ENTITY", "An archived entity cannot be modified")
			continue
		case !archive && change.state != "" && change.state != "ENABLED" && change.state != "PAUSED":
			refuse(i, "malformedValueError", "INVALID_ARGUMENT", "state must be ENABLED or PAUSED")
			continue
		}
		if change.amount != nil {
			v := *change.amount
			switch {
			case op.field == "campaigns" && v.LessThan(minBudget):
				refuse(i, "budgetError", "BUDGET_TOO_LOW", "budget must be at least "+minBudget.String())
				continue
			case op.field != "campaigns" && v.LessThan(minBid):
				refuse(i, "rangeError", "TOO_LOW", "bid must be between "+minBid.String()+" and "+maxBid.String())
				continue
			case op.field != "campaigns" && v.GreaterThan(maxBid):
				refuse(i, "rangeError", "TOO_HIGH", "bid must be between "+minBid.String()+" and "+maxBid.String())
				continue
			case op.field == "keywords" && v.GreaterThan(budgets[e.campaign]):
				refuse(i, "biddingError", "BID_EXCEEDS_BUDGET", "bid cannot be greater than the campaign's daily budget")
				continue
			}
		}
		prev := changes[id]
		if change.state != "" {
			prev.state = change.state
		}
		if change.amount != nil {
			prev.amount = change.amount
		}
		changes[id] = prev
		success = append(success, map[string]any{"index": i, op.id: id})
	}
	w.Header().Set("Content-Type", op.media)
	bs, _ := json.Marshal(map[string]any{op.field: map[string]any{"success": success, "error": failure}})
	w.WriteHeader(http.StatusMultiStatus)
	_, _ = w.Write(bs)
}

func decimalField(raw json.RawMessage) *decimal.Decimal {
	if raw == nil {
		return nil
	}
	var d decimal.Decimal
	if json.Unmarshal(raw, &d) != nil {
		return nil
	}
	return &d
}

// AdCreated are the Sponsored Products entities an advertiser created through the API for one profile, as the
// list calls give them back: what a browser test asks the stand-in's process for (GET /control/ad-creations).
type AdCreated struct {
	ProfileID                int64               `json:"profileId"`
	Campaigns                []AdCampaign        `json:"campaigns"`
	AdGroups                 []AdGroupEntity     `json:"adGroups"`
	Keywords                 []AdKeyword         `json:"keywords"`
	NegativeKeywords         []AdNegativeKeyword `json:"negativeKeywords"`
	CampaignNegativeKeywords []AdNegativeKeyword `json:"campaignNegativeKeywords"`
	Targets                  []AdTarget          `json:"targets"`
	NegativeTargets          []AdNegativeTarget  `json:"negativeTargets"`
}

// AdCreationsOf lists every profile's created Sponsored Products entities, by profile id (a function: the Server
// is at its size).
func AdCreationsOf(s *Server) []AdCreated {
	s.AdEdits.mu.Lock()
	defer s.AdEdits.mu.Unlock()
	out := []AdCreated{}
	for id, c := range s.AdEdits.created {
		out = append(out, AdCreated{ProfileID: id, Campaigns: slices.Clone(c.campaigns), AdGroups: slices.Clone(c.adGroups),
			Keywords: slices.Clone(c.keywords), NegativeKeywords: slices.Clone(c.negatives),
			CampaignNegativeKeywords: slices.Clone(c.campaignNegatives), Targets: slices.Clone(c.targets),
			NegativeTargets: slices.Clone(c.negativeTargets)})
	}
	slices.SortFunc(out, func(a, b AdCreated) int { return cmp.Compare(a.ProfileID, b.ProfileID) })
	return out
}
