package stores

import (
	"context"

	"sellerhub/app/amazon"
	storesdb "sellerhub/models/stores"
)

// SellerAPI is what calling the Selling Partner API for a seller account takes: the client of the application
// it authorised (the product's or its own, sharing that application's access tokens), its region's endpoint and
// its refresh token in clear. The data sync calls Amazon with it; the token never leaves the services.
type SellerAPI struct {
	Client       *amazon.SellingPartner
	Endpoint     string
	RefreshToken string
	// App is the application the calls go through, for recording Amazon's refusal of its secret.
	App AppRef
}

// SellerAPIOf opens a seller account's stored credentials.
func (s *Service) SellerAPIOf(ctx context.Context, seller *storesdb.Seller) (SellerAPI, error) {
	keys, err := s.amazonKeys(ctx)
	if err != nil {
		return SellerAPI{}, err
	}
	refresh, err := keys.Cipher.Decrypt(seller.RefreshToken)
	if err != nil {
		return SellerAPI{}, err
	}
	app, own := s.productApp(), false
	if seller.ClientID != "" {
		secret, err := keys.Cipher.Decrypt(seller.ClientSecret)
		if err != nil {
			return SellerAPI{}, err
		}
		app, own = amazonApp{ClientID: seller.ClientID, ClientSecret: secret}, true
	}
	return SellerAPI{Client: s.sellingPartner(app), Endpoint: s.sellingPartnerEndpoint(seller.Region), RefreshToken: refresh,
		App: AppRef{ClientID: app.ClientID, Fingerprint: fingerprint(app), Own: own}}, nil
}
