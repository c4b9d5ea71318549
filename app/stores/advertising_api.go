package stores

import (
	"context"

	"sellerhub/app/amazon"
	storesdb "sellerhub/models/stores"
)

// AdvertisingAPI is what calling the Advertising API for a store group's region takes: the client of the
// advertising application, the region's endpoint, the refresh token in clear and the profiles it reaches. The
// advertising sync calls Amazon with it; the token never leaves the services.
type AdvertisingAPI struct {
	Client       *amazon.Advertising
	Endpoint     string
	RefreshToken string
	Auth         *storesdb.AdvAuth
	Profiles     []storesdb.AdvProfile
}

// AdvertisingAPIOf opens the authorisation in use of a store group in a region (models.ErrNotFound when there is
// none) with its profiles.
func (s *Service) AdvertisingAPIOf(ctx context.Context, companyID, groupID int64, region string) (AdvertisingAPI, error) {
	db := s.db.With(ctx)
	auth, err := storesdb.AdvAuthOfGroupRegion(db, companyID, groupID, region)
	if err != nil {
		return AdvertisingAPI{}, err
	}
	keys, err := s.amazonKeys(ctx)
	if err != nil {
		return AdvertisingAPI{}, err
	}
	refresh, err := keys.Cipher.Decrypt(auth.RefreshToken)
	if err != nil {
		return AdvertisingAPI{}, err
	}
	all, err := storesdb.AdvProfilesOf(db, companyID, groupID)
	if err != nil {
		return AdvertisingAPI{}, err
	}
	var profiles []storesdb.AdvProfile
	for _, p := range all {
		if p.AuthID == auth.ID {
			profiles = append(profiles, p)
		}
	}
	return AdvertisingAPI{Client: s.advertising(s.advertisingApp(), region), Endpoint: s.advertisingEndpoint(region),
		RefreshToken: refresh, Auth: auth, Profiles: profiles}, nil
}

// ForgetAdvertisingToken drops the cached access token of an authorisation Amazon refused.
func (a AdvertisingAPI) ForgetAdvertisingToken() { a.Client.Tokens.Forget(a.RefreshToken) }
