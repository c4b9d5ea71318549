package amazontest

import (
	"encoding/json"
	"net/http"
	"slices"
	"strconv"
)

// GET /brands and POST /assets/search, what 创建SB广告 offers to choose from: the stand-in's sellers registered one
// brand (SBBrandEntity) and keep two logos and a product image in their Creative Assets library. The search takes
// filterCriteria.valueFilters on ASSET_SUB_TYPE and pageCriteria {size 1-500, identifier.token}, and answers
// {assetList, token} with the next page's token while there is one.

// SBBrandName is the stand-in brand's Brand Registry name.
const SBBrandName = "KitchenJoy"

// SBLogoAssets are the logos of every stand-in advertiser's library.
var SBLogoAssets = []string{"amzn1.assetlibrary.asset1.standinlogo", "amzn1.assetlibrary.asset1.standinlogodark"}

type standInAsset struct {
	AssetID          string            `json:"assetId"`
	Name             string            `json:"name"`
	AssetType        string            `json:"assetType"`
	AssetSubTypeList []string          `json:"assetSubTypeList"`
	StorageLocations map[string]string `json:"storageLocationUrls"`
}

var standInLibrary = []standInAsset{
	{AssetID: SBLogoAssets[0], Name: "KitchenJoy logo 400x400", AssetType: "IMAGE", AssetSubTypeList: []string{"LOGO"}},
	{AssetID: SBLogoAssets[1], Name: "KitchenJoy logo dark", AssetType: "IMAGE", AssetSubTypeList: []string{"LOGO"}},
	{AssetID: "amzn1.assetlibrary.asset1.standinlifestyle", Name: "Kitchen lifestyle", AssetType: "IMAGE", AssetSubTypeList: []string{"LIFESTYLE_IMAGE"}},
}

// addSponsoredBrandAssets adds the two calls (functions: the Server is at its size).
func addSponsoredBrandAssets(s *Server) {
	s.Mux.HandleFunc("GET /brands", func(w http.ResponseWriter, r *http.Request) {
		if _, ok := sponsoredOf(s, w, r); !ok {
			return
		}
		writeJSON(w, http.StatusOK, []map[string]string{{"brandId": "STANDINBRAND1", "brandEntityId": SBBrandEntity,
			"brandRegistryName": SBBrandName}})
	})
	s.Mux.HandleFunc("POST /assets/search", func(w http.ResponseWriter, r *http.Request) {
		if _, ok := sponsoredOf(s, w, r); !ok {
			return
		}
		var in struct {
			FilterCriteria struct {
				ValueFilters []struct {
					ValueField string   `json:"valueField"`
					Values     []string `json:"values"`
				} `json:"valueFilters"`
			} `json:"filterCriteria"`
			PageCriteria struct {
				Size       int `json:"size"`
				Identifier struct {
					Token string `json:"token"`
				} `json:"identifier"`
			} `json:"pageCriteria"`
		}
		if err := json.NewDecoder(http.MaxBytesReader(w, r.Body, 1<<16)).Decode(&in); err != nil {
			writeJSON(w, http.StatusBadRequest, map[string]string{"code": "BAD_REQUEST", "message": "malformed request body"})
			return
		}
		size := in.PageCriteria.Size
		if size == 0 {
			size = 25
		}
		from, err := strconv.Atoi(in.PageCriteria.Identifier.Token)
		if in.PageCriteria.Identifier.Token == "" {
			from, err = 0, nil
		}
		if size < 1 || size > 500 || err != nil || from < 0 {
			writeJSON(w, http.StatusBadRequest, map[string]string{"code": "BAD_REQUEST", "message": "pageCriteria is not valid"})
			return
		}
		var found []standInAsset
		for _, a := range standInLibrary {
			keep := true
			for _, f := range in.FilterCriteria.ValueFilters {
				if f.ValueField == "ASSET_SUB_TYPE" && !slices.ContainsFunc(a.AssetSubTypeList, func(t string) bool { return slices.Contains(f.Values, t) }) {
					keep = false
				}
			}
			if keep {
				a.StorageLocations = map[string]string{"defaultUrl": "https://m.media-amazon.com/images/S/al-na/" + a.AssetID + ".png"}
				found = append(found, a)
			}
		}
		page := found[min(from, len(found)):min(from+size, len(found))]
		out := map[string]any{"assetList": page}
		if from+size < len(found) {
			out["token"] = strconv.Itoa(from + size)
		}
		writeJSON(w, http.StatusOK, out)
	})
}
