package models

// StoreGroupLimit is the store groups a user is limited to (user_store_groups), of the company's groups; nil
// when the user has no limit and sees every group of the company.
func (db *DB) StoreGroupLimit(companyID, userID int64) ([]int64, error) {
	var ids []int64
	err := db.Table("user_store_groups").
		Joins("JOIN store_groups ON store_groups.id = user_store_groups.group_id").
		Where("user_store_groups.user_id = ? AND store_groups.company_id = ?", userID, companyID).
		Pluck("user_store_groups.group_id", &ids).Error
	if err != nil || len(ids) == 0 {
		return nil, err
	}
	return ids, nil
}
