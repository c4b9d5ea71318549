// The finance screens, one island for all of them (the page's props name the screen): 汇率 (the company's rates
// to CNY by month), 利润计算器 (the calculator and the saved plans), 编辑计算方案 (/a/p/c?id=, one plan),
// 结算记录, FBA费用 (the fee cards) and 存货价值 (the stock's value at each month's end).
import { mount } from "../lib/mount.js";
import Calculator from "./Calculator.jsx";
import FeeCards from "./FeeCards.jsx";
import Funds from "./Funds.jsx";
import InventoryValue from "./InventoryValue.jsx";
import Rates from "./Rates.jsx";
import Settlements from "./Settlements.jsx";
import VatInvoices from "./VatInvoices.jsx";

function FinanceScreen({ screen, id, permissions }) {
  if (screen === "rates") return <Rates permissions={permissions} />;
  if (screen === "settlements") return <Settlements permissions={permissions} />;
  if (screen === "feecards") return <FeeCards />;
  if (screen === "inventoryvalue") return <InventoryValue permissions={permissions} />;
  if (screen === "funds") return <Funds permissions={permissions} />;
  if (screen === "vat") return <VatInvoices permissions={permissions} />;
  return <Calculator permissions={permissions} planId={screen === "plan" ? id : ""} />;
}

mount("finance", FinanceScreen);
