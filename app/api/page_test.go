package api

import (
	"encoding/json"
	"testing"

	"sellerhub/models"
)

func TestAPageSaysWhenItsTotalIsCapped(t *testing.T) {
	exact, err := json.Marshal(NewPage([]int{1, 2}, 12, 1, 10))
	if err != nil || string(exact) != `{"records":[1,2],"total":12,"size":10,"current":1,"pages":2}` {
		t.Fatalf("exact page = %s %v", exact, err)
	}
	capped, err := json.Marshal(NewPage([]int{1, 2}, models.MoreThan(10000), 1, 20))
	if err != nil || string(capped) != `{"records":[1,2],"total":10000,"totalCapped":true,"size":20,"current":1,"pages":500}` {
		t.Fatalf("capped page = %s %v", capped, err)
	}
}
