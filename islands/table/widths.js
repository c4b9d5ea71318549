// How wide a table's columns are, from the format of what they hold rather than from a fixed width per column
// (fixed widths cut 创建时间 to `2026-1` on a laptop screen): a date, a date-time, an amount or a quantity, a code
// (SKU, ID) or a short label never breaks and sizes its column; numbers sit right-aligned in even-width digits;
// longer text wraps once its column is as wide as the list's configured width, so the table fits its box where it
// can. A header never breaks either: its own text is its column's least width. Free of the DOM.

const DATE_TIME = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2})?$/;
const DATE = /^\d{4}-\d{2}(-\d{2})?$/;
// An amount or a quantity: an optional sign and currency symbol ($, ¥, C$, Mex$, US$ ...), digits with thousands
// separators and decimals, an optional % or trailing symbol (zł, kr).
const NUMBER = /^[-+−]?(?:[^\d\s.,+−-]{1,4}\s?)?[-−]?\d[\d,]*(?:\.\d+)?\s?(?:%|[^\d\s.,]{1,3})?$/u;
// A code: one run of letters, digits and - _ . / : (SKU, ASIN, 卖家ID, order number).
const CODE = /^[\w\-./:#]+$/;
// A label this short (已授权, 排队中, 演示店铺) reads best on one line; longer text may wrap.
const SHORT_LABEL = 6;

// A cell's padding: 10 px a side, so that a store's row with six actions still fits a laptop screen.
const PAD = "px-2.5 py-2";

export const KINDS = { datetime: "datetime", date: "date", number: "number", code: "code", label: "label", text: "text", custom: "custom" };

// kindOf tells the format of a column from the values it shows on the page (empty ones left out): the one all of
// them have, or text.
export function kindOf(values) {
  const shown = values.map((v) => (v === null || v === undefined ? "" : String(v).trim())).filter((v) => v !== "" && v !== "—");
  if (shown.length === 0) return KINDS.label;
  const all = (re) => shown.every((v) => re.test(v));
  if (all(DATE_TIME)) return KINDS.datetime;
  if (all(DATE)) return KINDS.date;
  if (all(NUMBER)) return KINDS.number;
  if (all(CODE)) return KINDS.code;
  if (shown.every((v) => [...v].length <= SHORT_LABEL)) return KINDS.label;
  return KINDS.text;
}

// columnKinds maps each column's field to its kind on the rows shown. shownValue(row, column) is the value the cell
// shows (the raw value or its label); a column the page draws itself (renders) is custom: its drawing decides.
export function columnKinds(columns, records, renders, shownValue) {
  const out = {};
  for (const c of columns) out[c.ffield] = renders[c.ffield] ? KINDS.custom : kindOf(records.map((r) => shownValue(r, c)));
  return out;
}

// headClass is a header cell's classes for its column's kind: one line, on the numbers' side.
export function headClass(kind) {
  return `${PAD} whitespace-nowrap ${kind === KINDS.number ? "text-right" : ""}`;
}

// cellClass is a body cell's classes for its column's kind.
export function cellClass(kind) {
  if (kind === KINDS.number) return `${PAD} whitespace-nowrap text-right tabular-nums`;
  if (kind === KINDS.text) return `${PAD} whitespace-normal break-words`;
  if (kind === KINDS.datetime || kind === KINDS.date) return `${PAD} whitespace-nowrap tabular-nums`;
  return `${PAD} whitespace-nowrap`;
}

// textStyle is the style of the box around a text cell's words: as wide as the column's configured width at most
// (where it starts to wrap), and never narrower than a few words, so a squeezed column is not one character wide.
export function textStyle(kind, width) {
  if (kind !== KINDS.text) return undefined;
  const most = width > 0 ? width : 240;
  return { maxWidth: `${most}px`, minWidth: `${Math.min(most, 72)}px` };
}
