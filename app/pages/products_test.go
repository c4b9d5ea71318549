package pages_test

import (
	"strings"
	"testing"
)

func TestProductScreensBootTheirIslandWithTheAddressID(t *testing.T) {
	_, c := admin(t)
	for path, want := range map[string]string{
		"/erp/material/localproduct?embed=1":   `{"screen":"products","id":"","permissions":[`,
		"/localproduct/addinfo?embed=1":        `{"screen":"productForm","id":"","permissions":[`,
		"/localproduct/editinfo?id=42&embed=1": `{"screen":"productForm","id":"42","permissions":[`,
		"/material/details?id=42&embed=1":      `{"screen":"productDetails","id":"42","permissions":[`,
		"/amazon/listing/relation?embed=1":     `{"screen":"listings","id":"","permissions":[`,
		"/erp/base/brand?embed=1":              `{"screen":"brands","permissions":[`,
		"/erp/base/category?embed=1":           `{"screen":"categories","permissions":[`,
		"/erp/base/supplier?embed=1":           `{"screen":"suppliers","permissions":[`,
	} {
		status, body := get(t, c, path)
		if status != 200 || !strings.Contains(body, want) || !strings.Contains(body, "erp:material:add") {
			t.Errorf("%s: %d, props %s missing", path, status, want)
		}
	}
}
