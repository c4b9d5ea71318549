package users_test

import (
	"net/http"
	"strconv"
	"strings"
	"testing"

	"sellerhub/app/apptest"
	accountsdb "sellerhub/models/accounts"
)

// 子账号 > 店铺: a sub-user can be limited to some of the company's store groups; an edit without the field leaves
// the limit, an empty list lifts it; another company's group is refused and nothing changes.
func TestSubUsersLimitedToStoreGroups(t *testing.T) {
	h := apptest.Start(t)
	owner := h.SignedIn("13200000101", "甲公司")
	const v1 = "/admin/api/v1/"
	store := func(c *apptest.Client, name string) string {
		env := c.Call(http.MethodPost, "/amazon/api/v1/amzauthority/storeGroups", map[string]string{"name": name})
		apptest.ExpectOK(t, env)
		var g struct{ ID string }
		env.Into(t, &g)
		return g.ID
	}
	us, eu := store(owner, "美国店"), store(owner, "欧洲店")
	env := owner.Call(http.MethodGet, v1+"users/subusers/storeGroups", nil)
	apptest.ExpectOK(t, env)
	var opts []struct{ ID, Name string }
	env.Into(t, &opts)
	if len(opts) != 2 || opts[0].Name != "欧洲店" || opts[1].ID != us {
		t.Fatalf("store group options %+v", opts)
	}

	type subUser struct {
		ID            string
		StoreGroups   []string
		StoreGroupIDs []string
	}
	var u subUser
	body := map[string]any{"account": "13200000102", "name": "小王", "password": "Passw0rd!", "repassword": "Passw0rd!",
		"storeGroupIds": []string{us, eu, us}}
	env = owner.Call(http.MethodPost, v1+"users/subusers", body)
	apptest.ExpectOK(t, env)
	env.Into(t, &u)
	if len(u.StoreGroups) != 2 || u.StoreGroups[0] != "欧洲店" || u.StoreGroupIDs[1] != us {
		t.Fatalf("created %+v", u)
	}
	apptest.ExpectOK(t, owner.Call(http.MethodPut, v1+"users/subusers/"+u.ID, map[string]any{"name": "小王"}))
	env = owner.Call(http.MethodGet, v1+"users/subusers/"+u.ID, nil)
	env.Into(t, &u)
	if len(u.StoreGroupIDs) != 2 {
		t.Fatalf("an edit without the field changed the limit: %+v", u)
	}
	env = owner.Call(http.MethodPost, v1+"users/subusers/page", map[string]any{})
	if !strings.Contains(string(env.Data), `"storeGroups":["欧洲店","美国店"]`) {
		t.Fatalf("list lacks the store groups: %s", env.Data)
	}

	other := h.SignedIn("13200000111", "乙公司")
	theirs := store(other, "乙的店")
	apptest.Expect(t, owner.Call(http.MethodPut, v1+"users/subusers/"+u.ID, map[string]any{"name": "小王", "storeGroupIds": []string{us, theirs}}),
		http.StatusBadRequest, "A0400", "店铺不存在")
	apptest.Expect(t, owner.Call(http.MethodPut, v1+"users/subusers/"+u.ID, map[string]any{"name": "小王", "storeGroupIds": []string{"x"}}),
		http.StatusBadRequest, "A0400", "店铺不存在")
	apptest.Expect(t, owner.Call(http.MethodPost, v1+"users/subusers", map[string]any{"account": "13200000103", "name": "小赵",
		"password": "Passw0rd!", "repassword": "Passw0rd!", "storeGroupIds": []string{theirs}}), http.StatusBadRequest, "A0400", "店铺不存在")
	if _, err := accountsdb.UserByAccount(h.DB, "13200000103"); err == nil {
		t.Fatal("a refused sub-user was created")
	}
	env = owner.Call(http.MethodGet, v1+"users/subusers/"+u.ID, nil)
	env.Into(t, &u)
	if len(u.StoreGroupIDs) != 2 {
		t.Fatalf("a refused change moved the limit: %+v", u)
	}
	env = owner.Call(http.MethodPut, v1+"users/subusers/"+u.ID, map[string]any{"name": "小王", "storeGroupIds": []string{}})
	apptest.ExpectOK(t, env)
	env.Into(t, &u)
	if len(u.StoreGroupIDs) != 0 {
		t.Fatalf("the limit was not lifted: %+v", u)
	}
	// The owner sees every store group; limiting them is refused.
	ownerUser, _ := accountsdb.UserByAccount(h.DB, "13200000101")
	apptest.Expect(t, owner.Call(http.MethodPut, v1+"users/subusers/"+strconv.FormatInt(ownerUser.ID, 10), map[string]any{"name": "店主", "storeGroupIds": []string{us}}),
		http.StatusBadRequest, "B0001", "主账号可以查看所有店铺，不能限定店铺")
	// Another company does not see the options.
	env = other.Call(http.MethodGet, v1+"users/subusers/storeGroups", nil)
	if strings.Contains(string(env.Data), us) {
		t.Fatalf("乙 sees 甲's groups: %s", env.Data)
	}
}
