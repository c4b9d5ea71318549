package amazontest

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
)

// Sponsored Products v3 negative product targets, as Amazon documents them: POST /sp/negativeTargets takes
// {negativeTargetingClauses: [{campaignId, adGroupId, expression: [{type, value}], state}]} with its media type and
// answers 207 as the other creations do. An expression is one ASIN_SAME_AS (a 10-character ASIN) or
// ASIN_BRAND_SAME_AS (a brand's id); Amazon refuses a parent it does not know or archived, and the same
// exclusion twice in an ad group. AdEdits.Refuse(value, message) refuses one for a reason of the test's.

const spNegativeTargetMedia = "application/vnd.spNegativeTargetingClause.v3+json"

// addSPNegativeTargets adds the creation call (a function: the Server is at its size).
func addSPNegativeTargets(s *Server) {
	s.Mux.HandleFunc("POST /sp/negativeTargets", func(w http.ResponseWriter, r *http.Request) { spNegativeTargetCreate(s, w, r) })
}

func spNegativeTargetCreate(s *Server, w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	p, ok := scopedProfile(s, w, r)
	skus := s.AdSKUs
	s.mu.Unlock()
	if !ok {
		return
	}
	if r.Header.Get("Content-Type") != spNegativeTargetMedia {
		writeJSON(w, http.StatusUnsupportedMediaType, map[string]string{"code": "UNSUPPORTED_MEDIA_TYPE",
			"message": "Content-Type must be " + spNegativeTargetMedia})
		return
	}
	var body struct {
		Items []struct {
			CampaignID string `json:"campaignId"`
			AdGroupID  string `json:"adGroupId"`
			Expression []struct {
				Type  string `json:"type"`
				Value string `json:"value"`
			} `json:"expression"`
		} `json:"negativeTargetingClauses"`
	}
	b, _ := io.ReadAll(r.Body)
	if err := json.Unmarshal(b, &body); err != nil || len(body.Items) == 0 || len(body.Items) > spMutationLimit {
		writeJSON(w, http.StatusBadRequest, map[string]string{"code": "BAD_REQUEST",
			"message": "between 1 and 1000 negativeTargetingClauses may be created in one request"})
		return
	}
	a := AdAccountOf(p, skus)
	s.AdEdits.apply(p.ProfileID, a)
	campaigns, groups := a.parentsByID()
	taken := map[string]bool{}
	for _, t := range a.NegativeTargets {
		taken[t.AdGroupID+"|"+t.Type+"|"+strings.ToUpper(t.Value)] = t.State != "ARCHIVED"
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
	for i, it := range body.Items {
		c, campaignFound := campaigns[it.CampaignID]
		g, groupFound := groups[it.AdGroupID]
		var kind, value string
		if len(it.Expression) == 1 {
			kind, value = it.Expression[0].Type, strings.TrimSpace(it.Expression[0].Value)
		}
		key := it.AdGroupID + "|" + kind + "|" + strings.ToUpper(value)
		switch {
		case kind != "ASIN_SAME_AS" && kind != "ASIN_BRAND_SAME_AS":
			refuse(i, "malformedValueError", "INVALID_ARGUMENT", "expression must be one ASIN_SAME_AS or ASIN_BRAND_SAME_AS")
			continue
		case kind == "ASIN_SAME_AS" && !asinPattern.MatchString(value):
			refuse(i, "malformedValueError", "INVALID_ARGUMENT", "ASIN_SAME_AS needs a 10-character ASIN")
			continue
		case kind == "ASIN_BRAND_SAME_AS" && value == "":
			refuse(i, "malformedValueError", "INVALID_ARGUMENT", "ASIN_BRAND_SAME_AS needs a brand id")
			continue
		case !campaignFound || !groupFound || g.CampaignID != it.CampaignID:
			refuse(i, "entityNotFoundError", "ENTITY_NOT_FOUND", "adGroupId "+it.AdGroupID+" was not found in the campaign")
			continue
		case s.AdEdits.refusals[value] != "":
			refuse(i, "otherError", "OTHER_ERROR", s.AdEdits.refusals[value])
			continue
		case c.State == "ARCHIVED" || g.State == "ARCHIVED":
			refuse(i, "entityStateError", "PARENT_ENTITY_ARCHIVED", "Cannot create an entity under an archived campaign or ad group")
			continue
		case taken[key]:
			refuse(i, "duplicateValueError", "DUPLICATE_VALUE", "The same negative targeting expression already exists in the ad group")
			continue
		}
		taken[key] = true
		s.AdEdits.next++
		id := fmt.Sprint(9_000_000_000 + s.AdEdits.next)
		made.negativeTargets = append(made.negativeTargets, AdNegativeTarget{TargetID: id, AdGroupID: it.AdGroupID,
			CampaignID: it.CampaignID, Type: kind, Value: value, State: "ENABLED"})
		success = append(success, map[string]any{"index": i, "targetId": id})
	}
	w.Header().Set("Content-Type", spNegativeTargetMedia)
	bs, _ := json.Marshal(map[string]any{"negativeTargetingClauses": map[string]any{"success": success, "error": failure}})
	w.WriteHeader(http.StatusMultiStatus)
	_, _ = w.Write(bs)
}
