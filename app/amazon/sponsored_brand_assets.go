package amazon

import (
	"context"
	"net/http"
)

// What a Sponsored Brands campaign names at creation and a seller cannot be asked to type: the brand entity of its
// Brand Registry (GET /brands) and the logo's asset in the Creative Assets library (POST /assets/search, filtered
// on the LOGO sub-type, paged by a token).

// SBBrand is a brand the profile may advertise in Sponsored Brands.
type SBBrand struct {
	BrandID           string `json:"brandId"`
	BrandEntityID     string `json:"brandEntityId"`
	BrandRegistryName string `json:"brandRegistryName"`
}

// SBAsset is an image of the profile's Creative Assets library.
type SBAsset struct {
	AssetID          string   `json:"assetId"`
	Name             string   `json:"name"`
	AssetSubTypeList []string `json:"assetSubTypeList"`
	StorageLocations struct {
		DefaultURL string `json:"defaultUrl"`
	} `json:"storageLocationUrls"`
}

// sbLogoPages bounds the logo search: a library holds a handful of logos, and a form cannot offer thousands.
const sbLogoPages = 5

// SBBrands lists the brands the profile may advertise.
func (a *Advertising) SBBrands(ctx context.Context, endpoint, refreshToken string, profileID int64) ([]SBBrand, error) {
	var out []SBBrand
	err := a.adsCall(ctx, http.MethodGet, endpoint+"/brands", refreshToken, profileID, "application/json", nil, &out)
	return out, err
}

// SBLogos lists the logos of the profile's Creative Assets library.
func (a *Advertising) SBLogos(ctx context.Context, endpoint, refreshToken string, profileID int64) ([]SBAsset, error) {
	type page struct {
		AssetList []SBAsset `json:"assetList"`
		Token     string    `json:"token"`
	}
	var all []SBAsset
	token := ""
	for range sbLogoPages {
		body := map[string]any{
			"text":           "",
			"filterCriteria": map[string]any{"valueFilters": []map[string]any{{"valueField": "ASSET_SUB_TYPE", "values": []string{"LOGO"}}}},
			"pageCriteria":   map[string]any{"size": 100},
		}
		if token != "" {
			body["pageCriteria"] = map[string]any{"size": 100, "identifier": map[string]any{"token": token}}
		}
		var p page
		if err := a.adsCall(ctx, http.MethodPost, endpoint+"/assets/search", refreshToken, profileID, "application/json", body, &p); err != nil {
			return nil, err
		}
		all = append(all, p.AssetList...)
		if token = p.Token; token == "" {
			break
		}
	}
	return all, nil
}
