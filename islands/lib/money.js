// money is how every screen shows an amount: the currency's symbol, thousands separators and two decimals, the yen
// too (one rule; a yen average keeps its fraction and a column of currencies lines up), a minus before the symbol:
// $1,478.00, -€3.50, ¥878,040.14, JP¥1,980.00. The Go side's twin is models.Money.Text, whose table this copies.
// Amounts come from the server as exact decimal numbers or strings: they are rounded here as decimals (half away
// from zero, on the text), never through a float's binary error.
export const SYMBOLS = {
  USD: "$",
  GBP: "£",
  EUR: "€",
  JPY: "JP¥",
  CNY: "¥",
  CAD: "C$",
  INR: "₹",
  AUD: "A$",
  MXN: "Mex$",
  SEK: "kr",
  PLN: "zł",
};

// symbolOf is a currency's symbol, its code and a space when it has none, nothing without a currency.
export function symbolOf(currency) {
  if (!currency) return "";
  return SYMBOLS[currency] ?? `${currency} `;
}

// money writes amount (a number or a decimal string) in currency; "" for no amount, the text itself for one that is
// not a number.
export function money(amount, currency) {
  if (amount === null || amount === undefined || amount === "") return "";
  const text = typeof amount === "number" ? exact(amount) : String(amount).trim();
  const m = /^([+-]?)(\d*)(?:\.(\d*))?$/.exec(text);
  if (!m || (m[2] === "" && !m[3])) return String(amount);
  let [, sign, whole, frac = ""] = m;
  // Round to cents on the digits: half away from zero.
  let cents = BigInt((whole || "0") + (frac + "00").slice(0, 2));
  if ((frac[2] ?? "0") >= "5") cents += 1n;
  const digits = cents.toString().padStart(3, "0");
  whole = digits.slice(0, -2).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  const negative = sign === "-" && cents !== 0n;
  return `${negative ? "-" : ""}${symbolOf(currency)}${whole}.${digits.slice(-2)}`;
}

// exact is a number's shortest decimal text, without an exponent (1e21 and 1e-7 written out).
function exact(n) {
  if (!Number.isFinite(n)) return String(n);
  const s = String(n);
  if (!/e/i.test(s)) return s;
  return n.toLocaleString("en-US", { useGrouping: false, maximumFractionDigits: 20 });
}
