package amazon

import (
	"context"
	"encoding/json"
	"net/http"
)

// Sponsored Display and Sponsored Brands creation, as Amazon documents it. Sponsored Display: POST /sd/campaigns,
// /sd/adGroups, /sd/productAds and /sd/targets take a JSON array and answer one item per entity in its order,
// {code: SUCCESS, <id>} or {code: <error code>, description}. Sponsored Brands v4: POST /sb/v4/campaigns,
// /sb/v4/adGroups and /sb/v4/ads/productCollection take {<field>: [...]} with their media type and answer 207 as
// Sponsored Products v3 does; its keywords are POST /sb/keywords, answered like Sponsored Display's.

// The kinds of entity a Sponsored Display or Sponsored Brands creation makes.
const (
	SDKindCampaign  = "sd/campaigns"
	SDKindAdGroup   = "sd/adGroups"
	SDKindProductAd = "sd/productAds"
	SDKindTarget    = "sd/targets"
	SBKindCampaign  = "sb/v4/campaigns"
	SBKindAdGroup   = "sb/v4/adGroups"
	SBKindAd        = "sb/v4/ads/productCollection"
	SBKindKeyword   = "sb/keywords"
)

// listedOps are the calls answered item by item in order: the new id's field.
var listedOps = map[string]string{SDKindCampaign: "campaignId", SDKindAdGroup: "adGroupId", SDKindProductAd: "adId",
	SDKindTarget: "targetId", SBKindKeyword: "keywordId"}

// sbOps are the Sponsored Brands v4 calls: the body's (and answer's) array field, the media type, the new id's field.
var sbOps = map[string]struct{ field, media, id string }{
	SBKindCampaign: {"campaigns", "application/vnd.sbcampaignresource.v4+json", "campaignId"},
	SBKindAdGroup:  {"adGroups", "application/vnd.sbadgroupresource.v4+json", "adGroupId"},
	SBKindAd:       {"ads", "application/vnd.sbadresource.v4+json", "adId"},
}

// CreateSponsored creates entities of one Sponsored Display or Sponsored Brands kind (SDKind*, SBKind*), each item
// the entity as Amazon takes it, and answers a result per item with its new id.
func (a *Advertising) CreateSponsored(ctx context.Context, endpoint, refreshToken string, profileID int64, kind string, items []map[string]any) ([]SPResult, error) {
	if op, ok := sbOps[kind]; ok {
		return mutateSP(items, op.id, func(part []map[string]any) (json.RawMessage, error) {
			var out map[string]json.RawMessage
			err := a.adsCall(ctx, http.MethodPost, endpoint+"/"+kind, refreshToken, profileID, op.media, map[string]any{op.field: part}, &out)
			return out[op.field], err
		})
	}
	idField := listedOps[kind]
	out := make([]SPResult, len(items))
	for from := 0; from < len(items); from += SPMutationLimit {
		part := items[from:min(from+SPMutationLimit, len(items))]
		var answer []map[string]json.RawMessage
		if err := a.adsCall(ctx, http.MethodPost, endpoint+"/"+kind, refreshToken, profileID, "application/json", part, &answer); err != nil {
			return nil, err
		}
		for i := range part {
			if i >= len(answer) {
				out[from+i] = SPResult{Error: "noAnswer", Message: "Amazon did not answer for this entity"}
				continue
			}
			var code, description string
			_ = json.Unmarshal(answer[i]["code"], &code)
			_ = json.Unmarshal(answer[i]["description"], &description)
			if code != "SUCCESS" {
				out[from+i] = SPResult{Error: code, Message: description}
				continue
			}
			var id json.Number
			if raw := answer[i][idField]; raw != nil {
				var text string
				if json.Unmarshal(raw, &text) == nil {
					id = json.Number(text)
				} else {
					_ = json.Unmarshal(raw, &id)
				}
			}
			out[from+i] = SPResult{OK: true, ID: id.String()}
		}
	}
	return out, nil
}
