package accounts

import (
	"context"
	"io"

	"sellerhub/app/core"
	accountsdb "sellerhub/models/accounts"
)

// SaveOwnImage stores a picture read from r as the signed-in user's avatar and answers its address. Pictures are
// kept in a folder of the user's company under a random name, and the one it replaces is deleted.
func (s *Service) SaveOwnImage(ctx context.Context, p core.Principal, r io.Reader) (string, error) {
	data, ext, err := core.ReadImage(r)
	if err != nil {
		return "", err
	}
	u, err := s.CurrentUser(ctx, p)
	if err != nil {
		return "", err
	}
	name, err := s.uploads.Write(u.CompanyID, ext, data)
	if err != nil {
		return "", err
	}
	address := core.UploadPrefix + name
	if err := accountsdb.SetProfileImage(s.db.With(ctx), u.ID, address); err != nil {
		s.uploads.Remove(u.CompanyID, address)
		return "", err
	}
	s.uploads.Remove(u.CompanyID, u.Profile.Image)
	return address, nil
}
