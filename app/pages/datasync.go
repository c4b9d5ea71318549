package pages

import (
	"net/http"
	"slices"

	"github.com/labstack/echo/v5"

	"sellerhub/app/amazondata"
	"sellerhub/app/datasync"
	"sellerhub/views"
)

// DataSync is 数据同步: the stores' syncs in the datasync island, with the user's button permissions and the
// data kinds.
func (h *Handler) DataSync(c *echo.Context) error {
	_, _, menu, err := h.signedInUser(c)
	if err != nil {
		return err
	}
	props := views.DataSyncProps{Permissions: menu.Permissions, MaxUploadMB: datasync.MaxUploadMB}
	for _, k := range slices.Concat(amazondata.Kinds, amazondata.AdKinds, amazondata.VATKinds) {
		props.Kinds = append(props.Kinds, [2]string{string(k), k.Label()})
	}
	page := views.DataSyncPage{Page: h.contentPage(c, "数据同步", "datasync.js"), Props: props}
	return h.render(c, http.StatusOK, views.DataSync(page, h.Assets.URL("theme.js")))
}
