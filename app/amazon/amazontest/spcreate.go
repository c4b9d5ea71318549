package amazontest

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"

	"github.com/shopspring/decimal"
)

// Sponsored Products v3 creations, as Amazon documents them: POST /sp/negativeKeywords (an ad group's
// NEGATIVE_EXACT or NEGATIVE_PHRASE), /sp/campaignNegativeKeywords (a campaign's) and /sp/keywords (EXACT, PHRASE
// or BROAD with a bid) take up to 1000 entities with their media type and answer 207: each entity's success with
// its new id, or its error, by index. Amazon refuses per entity: a parent that does not exist or is archived, the
// same text and match type already there (or earlier in the request), a keyword under an automatic campaign, a
// bid outside the marketplace's range or above the campaign's budget. What is created is kept: the list calls
// give it back, so the next sync reads it.

// spCreations are the creation calls' media types.
var spCreations = map[string]string{
	"negativeKeywords":         "application/vnd.spNegativeKeyword.v3+json",
	"campaignNegativeKeywords": "application/vnd.spCampaignNegativeKeyword.v3+json",
	"keywords":                 "application/vnd.spKeyword.v3+json",
}

var spCreatedIDs = map[string]string{"negativeKeywords": "negativeKeywordId",
	"campaignNegativeKeywords": "campaignNegativeKeywordId", "keywords": "keywordId"}

func (s adsAPI) spCreate(w http.ResponseWriter, r *http.Request, kind, media string) {
	s.mu.Lock()
	p, ok := scopedProfile(s.Server, w, r)
	skus := s.AdSKUs
	s.mu.Unlock()
	if !ok {
		return
	}
	if r.Header.Get("Content-Type") != media {
		writeJSON(w, http.StatusUnsupportedMediaType, map[string]string{"code": "UNSUPPORTED_MEDIA_TYPE",
			"message": "Content-Type must be " + media})
		return
	}
	var body map[string][]struct {
		CampaignID  string           `json:"campaignId"`
		AdGroupID   string           `json:"adGroupId"`
		KeywordText string           `json:"keywordText"`
		MatchType   string           `json:"matchType"`
		State       string           `json:"state"`
		Bid         *decimal.Decimal `json:"bid"`
	}
	b, _ := io.ReadAll(r.Body)
	if err := json.Unmarshal(b, &body); err != nil {
		writeJSON(w, http.StatusBadRequest, map[string]string{"code": "BAD_REQUEST", "message": "malformed body"})
		return
	}
	items := body[kind]
	if len(items) == 0 || len(items) > spMutationLimit {
		writeJSON(w, http.StatusBadRequest, map[string]string{"code": "BAD_REQUEST",
			"message": "between 1 and 1000 entities may be created in one request"})
		return
	}
	a := AdAccountOf(p, skus)
	s.AdEdits.apply(p.ProfileID, a)
	campaigns, groups := a.parentsByID()
	// taken are the texts and match types already under each parent (ad group, or campaign for its own negatives).
	taken := map[string]bool{}
	key := func(parent, text, match string) string {
		return parent + "|" + strings.ToLower(strings.Join(strings.Fields(text), " ")) + "|" + match
	}
	switch kind {
	case "negativeKeywords":
		for _, k := range a.NegativeKeywords {
			taken[key(k.AdGroupID, k.Text, k.MatchType)] = k.State != "ARCHIVED"
		}
	case "campaignNegativeKeywords":
		for _, k := range a.CampaignNegativeKeywords {
			taken[key(k.CampaignID, k.Text, k.MatchType)] = k.State != "ARCHIVED"
		}
	default:
		for _, k := range a.Keywords {
			taken[key(k.AdGroupID, k.Text, k.MatchType)] = k.State != "ARCHIVED"
		}
	}
	minBid, maxBid := decimal.New(2, -2), decimal.New(1000, 0)
	if a.Currency == "JPY" {
		minBid, maxBid = decimal.New(2, 0), decimal.New(100000, 0)
	}
	success, failure := []map[string]any{}, []map[string]any{}
	refuse := func(i int, errorType, reason, message string) {
		failure = append(failure, map[string]any{"index": i, "errors": []map[string]any{{"errorType": errorType,
			"errorValue": map[string]any{errorType: map[string]any{"reason": reason, "message": message}}}}})
	}
	s.AdEdits.mu.Lock()
	defer s.AdEdits.mu.Unlock()
	made := s.AdEdits.created[p.ProfileID]
	if made == nil {
		made = &adCreated{}
		s.AdEdits.created[p.ProfileID] = made
	}
	for i, it := range items {
		text := strings.TrimSpace(it.KeywordText)
		parent := it.AdGroupID
		if kind == "campaignNegativeKeywords" {
			parent = it.CampaignID
		}
		c, campaignFound := campaigns[it.CampaignID]
		g, groupFound := groups[it.AdGroupID]
		negative := kind != "keywords"
		switch {
		case text == "" || len([]rune(text)) > 80 || len(strings.Fields(text)) > 10:
			refuse(i, "malformedValueError", "INVALID_ARGUMENT", "keywordText must have 1 to 80 characters and at most 10 words")
			continue
		case negative && it.MatchType != "NEGATIVE_EXACT" && it.MatchType != "NEGATIVE_PHRASE":
			refuse(i, "malformedValueError", "INVALID_ARGUMENT", "matchType must be NEGATIVE_EXACT or NEGATIVE_PHRASE")
			continue
		case !negative && it.MatchType != "EXACT" && it.MatchType != "PHRASE" && it.MatchType != "BROAD":
			refuse(i, "malformedValueError", "INVALID_ARGUMENT", "matchType must be EXACT, PHRASE or BROAD")
			continue
		case !campaignFound:
			refuse(i, "entityNotFoundError", "ENTITY_NOT_FOUND", "campaignId "+it.CampaignID+" was not found")
			continue
		case kind != "campaignNegativeKeywords" && (!groupFound || g.CampaignID != it.CampaignID):
			refuse(i, "entityNotFoundError", "ENTITY_NOT_FOUND", "adGroupId "+it.AdGroupID+" was not found in the campaign")
			continue
		case s.AdEdits.refusals[text] != "":
			refuse(i, "otherError", "OTHER_ERROR", s.AdEdits.refusals[text])
			continue
		case c.State == "ARCHIVED" || kind != "campaignNegativeKeywords" && g.State == "ARCHIVED":
			refuse(i, "entityStateError", "PARENT_ENTITY_ARCHIVED", "Cannot create an entity under an archived campaign or ad group")
			continue
		case !negative && c.TargetingType == "AUTO":
			refuse(i, "entityStateError", "INVALID_TARGETING_TYPE", "Keywords cannot be added to an automatically targeted campaign")
			continue
		case taken[key(parent, text, it.MatchType)]:
			refuse(i, "duplicateValueError", "DUPLICATE_VALUE", "An entity with the same keywordText and matchType already exists")
			continue
		}
		var bid decimal.Decimal
		if !negative {
			if it.Bid == nil {
				bid = g.DefaultBid
			} else {
				bid = *it.Bid
			}
			switch {
			case bid.LessThan(minBid) || bid.GreaterThan(maxBid):
				refuse(i, "rangeError", "TOO_LOW", "bid must be between "+minBid.String()+" and "+maxBid.String())
				continue
			case bid.GreaterThan(c.Budget):
				refuse(i, "biddingError", "BID_EXCEEDS_BUDGET", "bid cannot be greater than the campaign's daily budget")
				continue
			}
		}
		taken[key(parent, text, it.MatchType)] = true
		s.AdEdits.next++
		id := fmt.Sprint(9_000_000_000 + s.AdEdits.next)
		switch kind {
		case "negativeKeywords":
			made.negatives = append(made.negatives, AdNegativeKeyword{KeywordID: id, AdGroupID: it.AdGroupID,
				CampaignID: it.CampaignID, Text: text, MatchType: it.MatchType, State: "ENABLED"})
		case "campaignNegativeKeywords":
			made.campaignNegatives = append(made.campaignNegatives, AdNegativeKeyword{KeywordID: id,
				CampaignID: it.CampaignID, Text: text, MatchType: it.MatchType, State: "ENABLED"})
		default:
			made.keywords = append(made.keywords, AdKeyword{KeywordID: id, AdGroupID: it.AdGroupID,
				CampaignID: it.CampaignID, Text: text, MatchType: it.MatchType, State: "ENABLED", Bid: bid})
		}
		success = append(success, map[string]any{"index": i, spCreatedIDs[kind]: id})
	}
	w.Header().Set("Content-Type", media)
	bs, _ := json.Marshal(map[string]any{kind: map[string]any{"success": success, "error": failure}})
	w.WriteHeader(http.StatusMultiStatus)
	_, _ = w.Write(bs)
}
