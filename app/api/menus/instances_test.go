package menus_test

import (
	"net/http"
	"strconv"
	"testing"
	"time"

	"sellerhub/app/apptest"
	"sellerhub/app/core"
	"sellerhub/models/dbtest"
)

// Two instances on one database: a grant taken away through one is refused by the other within a second, as each
// keeps compiled menus in memory and the drop is broadcast (PostgreSQL's LISTEN/NOTIFY, or Redis pub/sub).
func TestAGrantRemovedOnOneInstanceIsRefusedByTheOther(t *testing.T) {
	for _, tc := range []struct {
		name string
		opts []apptest.Option
	}{
		{"postgres", []apptest.Option{apptest.WithDatabase(dbtest.Postgres)}},
		{"redis", []apptest.Option{apptest.WithDatabase(dbtest.Postgres), apptest.WithRedisSessions()}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			a := apptest.Start(t, tc.opts...)
			b := apptest.Start(t, append(tc.opts, apptest.SharingDatabaseWith(a))...)
			clerk, role := a.RestrictedUser("13500000009", []string{"warehouse.inbound"}, []string{"erp:wh:inbound:add"})
			onB := b.Client()
			onB.Token = clerk.Token
			const inbound = "/erp/api/v1/inbound/page"
			apptest.ExpectOK(t, onB.Call(http.MethodPost, inbound, map[string]any{}))

			admin := a.Client()
			apptest.ExpectOK(t, admin.Login(apptest.AdminAccount, apptest.AdminPassword))
			apptest.ExpectOK(t, admin.Call(http.MethodPut, "/admin/api/v1/roles/"+strconv.FormatInt(role.ID, 10)+"/grants",
				map[string]any{"menuIds": []string{}, "permissionIds": []string{}}))
			start := time.Now()
			for deadline := start.Add(time.Second); ; time.Sleep(10 * time.Millisecond) {
				env := onB.Call(http.MethodPost, inbound, map[string]any{})
				if env.Msg == core.ErrForbidden.Msg {
					break
				}
				if time.Now().After(deadline) {
					t.Fatalf("B still answers the clerk's inbound list (%d %s) a second after A took the grant away", env.Status, env.Msg)
				}
			}
			t.Logf("B refused after %v", time.Since(start))
		})
	}
}
