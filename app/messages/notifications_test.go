package messages

import (
	"testing"

	"sellerhub/app/core"
)

func TestTitleTag(t *testing.T) {
	for title, want := range map[string][2]string{
		"【系统公告】系统升级": {"系统公告", "系统升级"},
		"【】空标签":      {"", "空标签"},
		"没有标签":       {"", "没有标签"},
		"【没有闭合":      {"", "【没有闭合"},
		"标题【中间】不算":   {"", "标题【中间】不算"},
	} {
		tag, text := TitleTag(title)
		if tag != want[0] || text != want[1] {
			t.Errorf("TitleTag(%q) = %q, %q; want %q, %q", title, tag, text, want[0], want[1])
		}
	}
}

func TestPageRequestDefaultsAndCap(t *testing.T) {
	for in, want := range map[core.PageRequest]core.PageRequest{
		{}:                       {Current: 1, Size: 10},
		{Current: -3, Size: 0}:   {Current: 1, Size: 10},
		{Current: 4, Size: 20}:   {Current: 4, Size: 20},
		{Current: 2, Size: 1000}: {Current: 2, Size: 100},
	} {
		if got := in.Normalized(); got != want {
			t.Errorf("%+v normalized = %+v, want %+v", in, got, want)
		}
	}
	if off := (core.PageRequest{Current: 3, Size: 20}).Offset(); off != 40 {
		t.Errorf("offset of page 3 by 20 = %d", off)
	}
}
