package finance

import (
	_ "embed"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/go-pdf/fpdf"

	"sellerhub/models"
	storesdb "sellerhub/models/stores"
)

// dejaVuSans is the invoices' font: it has every letter of the covered marketplaces' languages (ä, é, ł, å...),
// embedded (subset) in each PDF. Its licence is beside it.
//
//go:embed fonts/DejaVuSans.ttf
var dejaVuSans []byte

// invoiceText is an invoice's words in one language.
type invoiceText struct {
	Title, Number, Date, Order, OrderDate, Seller, VATNumber, DeliverTo, Item, Qty, Net, Rate, VAT, Gross, Total,
	Shipping, Note string
	Comma bool // decimals after a comma (1.234,56) rather than a point
}

// invoiceWords are the invoices' words in the buyers' languages, by the marketplace's language code.
var invoiceWords = map[string]invoiceText{
	"en": {"Invoice", "Invoice number", "Invoice date", "Order number", "Order date", "Seller", "VAT number", "Delivery address",
		"Item", "Qty", "Net", "VAT rate", "VAT", "Gross", "Total", "Shipping", "Prices include VAT.", false},
	"de": {"Rechnung", "Rechnungsnummer", "Rechnungsdatum", "Bestellnummer", "Bestelldatum", "Verkäufer", "USt-IdNr.", "Lieferadresse",
		"Artikel", "Menge", "Netto", "USt.-Satz", "USt.", "Brutto", "Gesamtbetrag", "Versand", "Alle Preise enthalten die gesetzliche Umsatzsteuer.", true},
	"fr": {"Facture", "Numéro de facture", "Date de facture", "Numéro de commande", "Date de commande", "Vendeur", "N° de TVA", "Adresse de livraison",
		"Article", "Quantité", "HT", "Taux de TVA", "TVA", "TTC", "Total", "Livraison", "Les prix incluent la TVA.", true},
	"it": {"Fattura", "Numero fattura", "Data fattura", "Numero ordine", "Data ordine", "Venditore", "Partita IVA", "Indirizzo di consegna",
		"Articolo", "Quantità", "Imponibile", "Aliquota IVA", "IVA", "Lordo", "Totale", "Spedizione", "I prezzi includono l'IVA.", true},
	"es": {"Factura", "Número de factura", "Fecha de factura", "Número de pedido", "Fecha del pedido", "Vendedor", "NIF-IVA", "Dirección de entrega",
		"Artículo", "Cantidad", "Base imponible", "Tipo de IVA", "IVA", "Total con IVA", "Total", "Envío", "Los precios incluyen el IVA.", true},
	"nl": {"Factuur", "Factuurnummer", "Factuurdatum", "Bestelnummer", "Besteldatum", "Verkoper", "Btw-nummer", "Afleveradres",
		"Artikel", "Aantal", "Netto", "Btw-tarief", "Btw", "Bruto", "Totaal", "Verzending", "Prijzen zijn inclusief btw.", true},
	"sv": {"Faktura", "Fakturanummer", "Fakturadatum", "Ordernummer", "Orderdatum", "Säljare", "Momsregistreringsnummer", "Leveransadress",
		"Artikel", "Antal", "Netto", "Momssats", "Moms", "Brutto", "Totalt", "Frakt", "Priserna inkluderar moms.", true},
	"pl": {"Faktura", "Numer faktury", "Data wystawienia", "Numer zamówienia", "Data zamówienia", "Sprzedawca", "Numer VAT", "Adres dostawy",
		"Artykuł", "Ilość", "Netto", "Stawka VAT", "VAT", "Brutto", "Razem", "Wysyłka", "Ceny zawierają podatek VAT.", true},
}

// amountText writes Money's units with two decimals and thousands grouped, as the language writes numbers.
func (t invoiceText) amount(units int64, currency string) string {
	s := models.MoneyFromUnits(units).StringFixed(2)
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	whole, frac, _ := strings.Cut(s, ".")
	var b strings.Builder
	for i, r := range whole {
		if i > 0 && (len(whole)-i)%3 == 0 {
			b.WriteByte(map[bool]byte{true: '.', false: ','}[t.Comma])
		}
		b.WriteRune(r)
	}
	sep := "."
	if t.Comma {
		sep = ","
	}
	out := b.String() + sep + frac + " " + currency
	if neg {
		out = "-" + out
	}
	return out
}

func (t invoiceText) rate(hundredths int) string {
	s := fmt.Sprintf("%d", hundredths/100)
	if r := hundredths % 100; r != 0 {
		sep := "."
		if t.Comma {
			sep = ","
		}
		s += fmt.Sprintf("%s%02d", sep, r)
	}
	return s + " %"
}

// WritePDF prints the invoice in its buyer's language: the seller with its VAT number, the invoice's number and
// date, the order, the delivery place, each line's net, VAT and gross, and the totals.
func (d *VATDocument) WritePDF(w io.Writer, zone *time.Location) error {
	t, ok := invoiceWords[d.Lang]
	if !ok {
		t = invoiceWords["en"]
	}
	inv := d.Invoice
	pdf := fpdf.New("P", "mm", "A4", "")
	pdf.SetTitle(t.Title+" "+inv.Number, true)
	pdf.SetCreator("sellerhub", true)
	pdf.AddUTF8FontFromBytes("dejavu", "", dejaVuSans)
	pdf.SetMargins(18, 18, 18)
	pdf.AddPage()
	pdf.SetFont("dejavu", "", 20)
	pdf.CellFormat(0, 10, t.Title, "", 1, "L", false, 0, "")
	pdf.Ln(2)
	pdf.SetFont("dejavu", "", 10)
	row := func(label, value string) {
		pdf.CellFormat(45, 6, label, "", 0, "L", false, 0, "")
		pdf.MultiCell(0, 6, value, "", "L", false)
	}
	row(t.Number, inv.Number)
	row(t.Date, inv.IssuedAt.In(zone).Format(time.DateOnly))
	row(t.Order, d.Order.AmazonOrderID)
	row(t.OrderDate, d.Order.PurchaseDate.In(zone).Format(time.DateOnly))
	pdf.Ln(3)
	seller := d.Setting.SellerName
	if d.Setting.SellerAddress != "" {
		seller += "\n" + d.Setting.SellerAddress
	}
	row(t.Seller, seller)
	row(t.VATNumber, inv.VATNumber)
	m, _ := storesdb.MarketplaceByID(d.Order.MarketplaceID)
	place := strings.TrimSpace(strings.Join([]string{d.Order.ShipPostalCode, d.Order.ShipCity}, " "))
	country := d.Order.ShipCountry
	if country == "" {
		country = m.Country
	}
	if place != "" {
		place += ", "
	}
	row(t.DeliverTo, place+country)
	pdf.Ln(5)

	widths := []float64{70, 16, 26, 18, 22, 22}
	heads := []string{t.Item, t.Qty, t.Net, t.Rate, t.VAT, t.Gross}
	pdf.SetFillColor(235, 238, 242)
	for i, h := range heads {
		align := "R"
		if i == 0 {
			align = "L"
		}
		pdf.CellFormat(widths[i], 8, h, "B", 0, align, true, 0, "")
	}
	pdf.Ln(-1)
	for _, l := range d.Lines {
		name := l.Name
		if l.SKU != "" && name == "" {
			name = l.SKU
		}
		if len([]rune(name)) > 40 {
			name = string([]rune(name)[:39]) + "…"
		}
		cells := []string{name, fmt.Sprint(l.Quantity), t.amount(l.Net(), inv.Currency), t.rate(inv.Rate),
			t.amount(l.VAT, inv.Currency), t.amount(l.Gross, inv.Currency)}
		for i, c := range cells {
			align := "R"
			if i == 0 {
				align = "L"
			}
			pdf.CellFormat(widths[i], 7, c, "B", 0, align, false, 0, "")
		}
		pdf.Ln(-1)
	}
	pdf.Ln(4)
	total := totalsOf(d.Lines)
	sum := func(label string, units int64) {
		pdf.CellFormat(124, 7, label, "", 0, "R", false, 0, "")
		pdf.CellFormat(50, 7, t.amount(units, inv.Currency), "", 1, "R", false, 0, "")
	}
	sum(t.Net, total.Gross-total.VAT)
	sum(t.VAT+" "+t.rate(inv.Rate), total.VAT)
	pdf.SetFont("dejavu", "", 12)
	sum(t.Total, total.Gross)
	pdf.SetFont("dejavu", "", 9)
	pdf.Ln(6)
	pdf.MultiCell(0, 5, t.Note, "", "L", false)
	return pdf.Output(w)
}
