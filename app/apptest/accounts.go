package apptest

import (
	"net/http"
	"net/url"

	accountsdb "sellerhub/models/accounts"
)

func urlEncode(s string) string { return url.QueryEscape(s) }

// Registration of a company through the public calls, the way the register page does it.
type Registration struct {
	Phone, Password, Name, Email, Company string
}

// Register requests a code for the phone and registers the company, failing the test if either is refused.
func (h *Harness) Register(r Registration) {
	h.T.Helper()
	c := h.Client()
	env := c.Call(http.MethodGet, "/admin/api/v1/users/getSmsCode?ftype=register&mobile="+r.Phone, nil)
	ExpectOK(h.T, env)
	env = c.Call(http.MethodPost, "/admin/api/v1/users/register", map[string]string{
		"account": r.Phone, "key": env.String(h.T), "code": h.Codes.Last(r.Phone),
		"oldpassword": r.Password, "password": r.Password, "name": r.Name, "email": r.Email, "company": r.Company,
	})
	ExpectOK(h.T, env)
}

// SignedIn registers a company with the given phone and returns a client signed in as its owner.
func (h *Harness) SignedIn(phone, company string) *Client {
	h.T.Helper()
	h.Register(Registration{Phone: phone, Password: "Passw0rd!", Name: "店主" + phone[len(phone)-4:],
		Email: "owner" + phone + "@example.com", Company: company})
	c := h.Client()
	ExpectOK(h.T, c.Login(phone, "Passw0rd!"))
	return c
}

// Member adds a user to the company of ownerAccount, holding the company's admin role or no role, straight in
// the database (there is no sub-user screen yet), and returns a client signed in as that user.
func (h *Harness) Member(ownerAccount, account string, admin bool) *Client {
	h.T.Helper()
	owner, err := accountsdb.UserByAccount(h.DB, ownerAccount)
	if err != nil {
		h.T.Fatal(err)
	}
	var roles []int64
	if admin {
		role, err := accountsdb.DefaultRole(h.DB, owner.CompanyID)
		if err != nil {
			h.T.Fatal(err)
		}
		roles = append(roles, role.ID)
	}
	hash, err := fixtureHash("Passw0rd!")
	if err != nil {
		h.T.Fatal(err)
	}
	u := &accountsdb.User{CompanyID: owner.CompanyID, Account: account, PasswordHash: hash,
		Profile: accountsdb.UserProfile{Name: "成员" + account[len(account)-4:], Mobile: account}}
	if err := accountsdb.CreateUser(h.DB, u, roles...); err != nil {
		h.T.Fatal(err)
	}
	c := h.Client()
	ExpectOK(h.T, c.Login(account, "Passw0rd!"))
	return c
}
