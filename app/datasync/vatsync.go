package datasync

import (
	"sellerhub/app/amazondata"
	"sellerhub/models"
	datasyncdb "sellerhub/models/datasync"
)

// vatKindNames are the kinds of stores enrolled in Amazon's VAT calculation service, as the tasks store them.
func vatKindNames() []string {
	out := make([]string, len(amazondata.VATKinds))
	for i, k := range amazondata.VATKinds {
		out[i] = string(k)
	}
	return out
}

// ensureVATTasks gives the European seller accounts of a company (0: every company) whose store group is enrolled
// in the VAT calculation service in one of their marketplaces the VAT transactions report's task, due at once.
// An account whose group leaves the service keeps its task, whose runs then find nothing new to read.
func (s *Service) ensureVATTasks(db *models.DB, companyID int64) error {
	lacking, err := datasyncdb.SellersLackingVATTasks(db, companyID, vatKindNames())
	if err != nil {
		return err
	}
	for _, seller := range lacking {
		if err := datasyncdb.EnsureSyncTasks(db, seller.CompanyID, seller.ID, vatKindNames(), s.now.Stamp()); err != nil {
			return err
		}
	}
	return nil
}
