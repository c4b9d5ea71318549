// Package seed fills a new database with what a first-time user needs: the product menu, the demo company, its
// default role, the admin account and the demo company's dictionaries, products, stock and shipments, and
// Amazon's marketplaces. Running it again adds only what is missing.
package seed

import (
	"context"
	"crypto/rand"
	"fmt"
	"math/big"

	"sellerhub/models"
	"sellerhub/models/accounts"
	"sellerhub/models/stores"
)

// DemoCompanyName is the seeded company.
const DemoCompanyName = "演示公司"

// Admin is what the seed reports about the admin account. Password is set only when the seed generated it just
// now, so that it is printed once and never again.
type Admin struct {
	Account           string
	GeneratedPassword string
	Created           bool
	// Demo is the demo company's Amazon seller account, whose reports the demo data is read from.
	Demo DemoSeller
}

// Run seeds the demo company, its admin, its dictionaries and its demo FBA data (SeedDemo). hash turns a password into the stored hash;
// password may be empty, in which case a strong one is generated.
func Run(ctx context.Context, db *models.DB, account, password string, hash func(string) (string, error)) (Admin, error) {
	db = db.With(ctx)
	out := Admin{Account: account}
	if err := stores.SaveMarketplaces(db); err != nil {
		return out, fmt.Errorf("seed the marketplaces: %w", err)
	}
	if err := SeedMenus(db); err != nil {
		return out, fmt.Errorf("seed the menu: %w", err)
	}
	if err := seedAdmin(ctx, db, &out, password, hash); err != nil {
		return out, err
	}
	// The admin's company is the demo company, whether the seed just made it or found it.
	admin, err := accounts.UserByAccount(db, account)
	if err != nil {
		return out, err
	}
	if err := SeedDictionaries(ctx, db, admin.CompanyID); err != nil {
		return out, fmt.Errorf("seed the dictionaries: %w", err)
	}
	if out.Demo, err = SeedDemo(ctx, db, admin.CompanyID); err != nil {
		return out, fmt.Errorf("seed the demo products and shipments: %w", err)
	}
	out.Demo.OwnerID = admin.ID
	return out, nil
}

// seedAdmin creates the admin account, with the demo company unless it exists, when the account does not exist.
func seedAdmin(ctx context.Context, db *models.DB, out *Admin, password string, hash func(string) (string, error)) error {
	account := out.Account
	if _, err := accounts.UserByAccount(db, account); err == nil {
		return nil
	} else if !models.IsNotFound(err) {
		return err
	}
	if password == "" {
		p, err := StrongPassword()
		if err != nil {
			return err
		}
		password, out.GeneratedPassword = p, p
	}
	h, err := hash(password)
	if err != nil {
		return err
	}
	company, err := accounts.CompanyByName(db, DemoCompanyName)
	admin := &accounts.User{Account: account, PasswordHash: h,
		Profile: accounts.UserProfile{Name: "管理员", Email: emailOf(account)}}
	switch {
	case models.IsNotFound(err):
		err = accounts.CreateCompanyWithOwner(db, &accounts.Company{Name: DemoCompanyName}, admin)
	case err == nil:
		// The company survived its admin (renamed account): give it a new owner with the default role.
		var role *accounts.Role
		if role, err = accounts.DefaultRole(db, company.ID); err == nil {
			admin.CompanyID, admin.IsOwner = company.ID, true
			err = db.Tx(ctx, func(tx *models.DB) error { return accounts.CreateUser(tx, admin, role.ID) })
		}
	}
	if err != nil {
		return fmt.Errorf("seed the admin account: %w", err)
	}
	out.Created = true
	return nil
}

func emailOf(account string) string {
	for _, r := range account {
		if r == '@' {
			return account
		}
	}
	return ""
}

// StrongPassword returns 16 random characters with digits, lower and upper case letters and symbols, so it
// always satisfies the product's password rule.
func StrongPassword() (string, error) {
	classes := []string{"0123456789", "abcdefghijkmnpqrstuvwxyz", "ABCDEFGHJKLMNPQRSTUVWXYZ", "!@#$%^&*-_=+"}
	all := classes[0] + classes[1] + classes[2] + classes[3]
	out := make([]byte, 16)
	for i := range out {
		set := all
		if i < len(classes) {
			set = classes[i]
		}
		n, err := rand.Int(rand.Reader, big.NewInt(int64(len(set))))
		if err != nil {
			return "", err
		}
		out[i] = set[n.Int64()]
	}
	// Shuffle so the classes do not always sit at the start.
	for i := len(out) - 1; i > 0; i-- {
		n, err := rand.Int(rand.Reader, big.NewInt(int64(i+1)))
		if err != nil {
			return "", err
		}
		j := n.Int64()
		out[i], out[j] = out[j], out[i]
	}
	return string(out), nil
}
