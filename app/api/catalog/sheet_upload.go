package catalog

import (
	"io"

	"github.com/labstack/echo/v5"

	"sellerhub/app/catalog"
	"sellerhub/app/core"
)

// uploadedSheet is the .xlsx of an import's multipart field file, read whole: the imports read it as a stream of
// rows, within the body limit of the route.
func uploadedSheet(c *echo.Context) ([]byte, error) {
	file, err := c.FormFile("file")
	if err != nil {
		return nil, core.Invalid(catalog.MsgImportFileBad)
	}
	f, err := file.Open()
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return io.ReadAll(f)
}
