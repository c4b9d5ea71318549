package stores

import (
	"context"

	"sellerhub/app/amazon"
	"sellerhub/models"
)

// SellerAPI is what calling the Selling Partner API for a seller account takes: the client of the application
// it authorised (the product's or its own, sharing that application's access tokens), its region's endpoint and
// its refresh token in clear. The data sync calls Amazon with it; the token never leaves the services.
type SellerAPI struct {
	Client       *amazon.SellingPartner
	Endpoint     string
	RefreshToken string
}

// SellerAPIOf opens a seller account's stored credentials.
func (s *Service) SellerAPIOf(ctx context.Context, seller *models.Seller) (SellerAPI, error) {
	keys, err := s.amazonKeys(ctx)
	if err != nil {
		return SellerAPI{}, err
	}
	refresh, err := keys.Cipher.Decrypt(seller.RefreshToken)
	if err != nil {
		return SellerAPI{}, err
	}
	app := s.productApp()
	if seller.ClientID != "" {
		secret, err := keys.Cipher.Decrypt(seller.ClientSecret)
		if err != nil {
			return SellerAPI{}, err
		}
		app = amazonApp{ClientID: seller.ClientID, ClientSecret: secret}
	}
	return SellerAPI{Client: s.sellingPartner(app), Endpoint: s.sellingPartnerEndpoint(seller.Region), RefreshToken: refresh}, nil
}
