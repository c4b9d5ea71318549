package finance

import (
	"github.com/shopspring/decimal"

	storesdb "sellerhub/models/stores"
)

// ExpectedFee is the FBA fulfilment fee a unit should be charged on a marketplace's card: the tier its measures
// put it in, and the fee in the card's currency.
type ExpectedFee struct {
	Tier, TierName, Currency, CardNote string
	Fee                                decimal.Decimal
}

// FulfilmentFeeOn is the fulfilment fee of a unit of the given sides (cm) and weight (kg) sold at price, on the card
// of the marketplace (Amazon's id) in force on day (yyyy-mm-dd); false where no card is in force or no tier fits.
func FulfilmentFeeOn(marketplaceID, day string, sidesCm []decimal.Decimal, kg, price decimal.Decimal) (ExpectedFee, bool) {
	m, ok := storesdb.MarketplaceByID(marketplaceID)
	if !ok || len(sidesCm) != 3 || !kg.IsPositive() {
		return ExpectedFee{}, false
	}
	card, ok := cardOn(m.Country, day)
	if !ok {
		return ExpectedFee{}, false
	}
	tier, weight, err := card.sizeTier(sidesCm, kg)
	if err != nil {
		return ExpectedFee{}, false
	}
	return ExpectedFee{Tier: tier.Code, TierName: tier.Name, Currency: card.Currency, CardNote: card.EffectiveNote,
		Fee: tier.fee(weight, card.priceBand(price)).Round(card.Decimals)}, true
}
