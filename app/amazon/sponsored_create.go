package amazon

import (
	"context"
	"encoding/json"
	"net/http"
)

// Sponsored Products v3 creation of a campaign and what it holds: POST /sp/campaigns, /sp/adGroups, /sp/productAds
// and /sp/targets (targeting clauses), each with its media type and a body {<field>: [...]}; Amazon answers 207
// with each entity's success (its new id) or errors by index, as for keywords (CreateSP). Amazon has no
// transaction: a campaign it created stays when an ad group under it is refused.

// The kinds of entity a campaign's creation makes besides keywords and negative keywords.
const (
	SPKindProductAd = "productAds"
	SPKindTarget    = "targets"
	// SPKindNegativeTarget is an ad group's negative product target: an ASIN or a brand excluded.
	SPKindNegativeTarget = "negativeTargets"
)

// spNewOps are the creation calls: the body's (and answer's) array field, the media type and the new id's field.
var spNewOps = map[string]struct{ field, media, id string }{
	SPKindCampaign:       {"campaigns", spCampaigns.mediaType, "campaignId"},
	SPKindAdGroup:        {"adGroups", spAdGroups.mediaType, "adGroupId"},
	SPKindProductAd:      {"productAds", spProductAds.mediaType, "adId"},
	SPKindTarget:         {"targetingClauses", spTargets.mediaType, "targetId"},
	SPKindNegativeTarget: {"negativeTargetingClauses", spNegativeTargets.mediaType, "targetId"},
}

// CreateSPEntities creates entities of one kind (campaigns, adGroups, productAds or targets), each item the
// entity as v3 takes it, in calls of at most SPMutationLimit, and answers a result per item with its new id.
func (a *Advertising) CreateSPEntities(ctx context.Context, endpoint, refreshToken string, profileID int64, kind string, items []map[string]any) ([]SPResult, error) {
	op := spNewOps[kind]
	return mutateSP(items, op.id, func(part []map[string]any) (json.RawMessage, error) {
		var out map[string]json.RawMessage
		err := a.adsCall(ctx, http.MethodPost, endpoint+"/sp/"+kind, refreshToken, profileID, op.media, map[string]any{op.field: part}, &out)
		return out[op.field], err
	})
}
