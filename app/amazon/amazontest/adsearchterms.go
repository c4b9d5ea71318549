package amazontest

import (
	"encoding/json"
	"hash/fnv"
	"strconv"
	"strings"
	"time"

	"github.com/shopspring/decimal"
)

// AdSearchTermDay is one search term's day under the keyword or product target it matched.
type AdSearchTermDay struct {
	AdDay
	// KeywordID is the keyword's or target's id, Keyword its text or expression, MatchType its match type (or
	// TARGETING_EXPRESSION), SearchTerm what the shopper typed (an ASIN for a product target's detail page).
	KeywordID, Keyword, MatchType, SearchTerm string
}

// searchSuffixes make a keyword's broader searches.
var searchSuffixes = []string{"for kitchen", "usb rechargeable", "with bowl", "waterproof", "0.1g", "stainless steel"}

// SearchTermDays are the search terms' figures of the days, as the search term report has them: each keyword's or
// target's day split 2:1 over two searches (the keyword's own text and a longer one; a target's ASIN and a
// plain search), the first taking the rounding, and only the searches that were clicked, as Amazon reports them.
func (a *AdAccount) SearchTermDays(now time.Time, start, end string) []AdSearchTermDay {
	words := map[string]searchWord{}
	for _, k := range a.Keywords {
		words[k.KeywordID] = keywordWord(k)
	}
	for _, t := range a.Targets {
		words[t.TargetID] = targetWord(t.ASIN)
	}
	return searchTermsOf(a.KeywordDays(now, start, end), words, a.Currency)
}

// searchWord is a keyword's text and match type (or a target's expression and TARGETING_EXPRESSION) and the
// broader search it also matched.
type searchWord struct{ text, match, alt string }

func keywordWord(k AdKeyword) searchWord {
	h := fnv.New32a()
	h.Write([]byte(k.KeywordID))
	return searchWord{k.Text, k.MatchType, k.Text + " " + searchSuffixes[h.Sum32()%uint32(len(searchSuffixes))]}
}

func targetWord(asin string) searchWord {
	return searchWord{`asin="` + asin + `"`, "TARGETING_EXPRESSION", "digital kitchen scale"}
}

// searchTermsOf splits keywords' and targets' days (AdID: the keyword's or target's id) over their searches.
func searchTermsOf(days []AdDay, words map[string]searchWord, currency string) []AdSearchTermDay {
	places := int32(2)
	if currency == "JPY" {
		places = 0
	}
	var out []AdSearchTermDay
	for _, d := range days {
		w, ok := words[d.AdID]
		if !ok {
			continue
		}
		first := w.text
		if w.match == "TARGETING_EXPRESSION" {
			first = strings.ToLower(strings.TrimSuffix(strings.TrimPrefix(w.text, `asin="`), `"`))
		}
		second := AdDay{Date: d.Date, CampaignID: d.CampaignID, AdGroupID: d.AdGroupID, AdID: d.AdID,
			Impressions: d.Impressions / 3, Clicks: d.Clicks / 3, Orders: d.Orders / 3, Units: d.Units / 3,
			Cost: d.Cost.Div(decimal.NewFromInt(3)).RoundDown(places), Sales: d.Sales.Div(decimal.NewFromInt(3)).RoundDown(places)}
		main := d
		main.Impressions, main.Clicks, main.Orders, main.Units = d.Impressions-second.Impressions, d.Clicks-second.Clicks,
			d.Orders-second.Orders, d.Units-second.Units
		main.Cost, main.Sales = d.Cost.Sub(second.Cost), d.Sales.Sub(second.Sales)
		for i, part := range []AdDay{main, second} {
			if part.Clicks == 0 {
				continue
			}
			term := first
			if i == 1 {
				term = w.alt
			}
			out = append(out, AdSearchTermDay{AdDay: part, KeywordID: d.AdID, Keyword: w.text, MatchType: w.match, SearchTerm: term})
		}
	}
	return out
}

// searchTermRows are the search term report's rows of the days.
func searchTermRows(a *AdAccount, madeAt time.Time, start, end string) []map[string]any {
	num := func(s string) int64 { n, _ := strconv.ParseInt(s, 10, 64); return n }
	var rows []map[string]any
	for _, d := range a.SearchTermDays(madeAt, start, end) {
		row := map[string]any{"date": d.Date, "campaignId": num(d.CampaignID), "adGroupId": num(d.AdGroupID),
			"keywordId": num(d.KeywordID), "matchType": d.MatchType, "keywordType": d.MatchType, "searchTerm": d.SearchTerm,
			"impressions": d.Impressions, "clicks": d.Clicks, "cost": json.Number(d.Cost.String()), "purchases7d": d.Orders,
			"sales7d": json.Number(d.Sales.String()), "unitsSoldClicks7d": d.Units}
		// A keyword's text is in keyword, a target's expression in targeting.
		if d.MatchType == "TARGETING_EXPRESSION" {
			row["targeting"], row["keyword"] = d.Keyword, nil
		} else {
			row["keyword"], row["targeting"] = d.Keyword, d.Keyword
		}
		rows = append(rows, row)
	}
	return rows
}
