package menus_test

import (
	"strconv"

	"sellerhub/app/service"
)

func itoa(id int64) string { return strconv.FormatInt(id, 10) }

func apptestHash(p string) (string, error) { return service.HashPassword(p) }
