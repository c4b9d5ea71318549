// What the purchasing screens share: the API path, the states, the payment terms and the currencies.
export const PO = "/erp/api/v1/purchaseOrder";
export const LIST = "/erp/purchase/orders";
export const PAGE = "/e/p/o";

export const STATUSES = [
  ["0", "待提交"],
  ["1", "待审核"],
  ["2", "待下单"],
  ["3", "待付款"],
  ["4", "待收货"],
  ["5", "已完成"],
  ["6", "已作废"],
];

export const TERMS = [
  ["receipt", "货到付款"],
  ["prepay", "款到发货"],
  ["terms", "账期"],
];

export const CURRENCIES = ["CNY", "USD", "EUR", "GBP", "JPY", "CAD", "AUD", "MXN", "INR", "SEK", "PLN"];

const LOOK = {
  0: "bg-slate-100 text-slate-700",
  1: "bg-amber-100 text-amber-800",
  2: "bg-sky-100 text-sky-800",
  3: "bg-violet-100 text-violet-800",
  4: "bg-orange-100 text-orange-800",
  5: "bg-emerald-100 text-emerald-800",
  6: "bg-red-50 text-red-700",
};

export function StatusBadge({ status, name }) {
  return <span className={`rounded px-2 py-0.5 text-xs font-medium ${LOOK[status]}`}>{name}</span>;
}

export const PAYMENTS = "/erp/api/v1/paymentRequest";
export const PAYMENT_PAGE = "/f/p/d";

export const PAYMENT_STATUSES = [
  ["0", "待审批"],
  ["1", "待付款"],
  ["2", "已付款"],
  ["3", "已驳回"],
  ["4", "已作废"],
];

export const PAYMENT_KINDS = [
  ["deposit", "定金/预付款"],
  ["receipt", "到货款"],
  ["terms", "账期款"],
];

const PAY_LOOK = { 0: "bg-amber-100 text-amber-800", 1: "bg-violet-100 text-violet-800", 2: "bg-emerald-100 text-emerald-800", 3: "bg-red-50 text-red-700", 4: "bg-slate-100 text-slate-700" };

export function PaymentBadge({ status, name }) {
  return <span className={`rounded px-2 py-0.5 text-xs font-medium ${PAY_LOOK[status]}`}>{name}</span>;
}
