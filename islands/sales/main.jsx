// The sales screens, one island for both (the page's props name the screen): 销售报表 (sales by SKU, ASIN, local
// product, store or marketplace and day, week or month) and 周/月汇总 (the orders of each week or month).
import { mount } from "../lib/mount.js";
import Report from "./Report.jsx";

function SalesScreen({ screen, permissions, dayZone }) {
  return <Report summary={screen === "summary"} permissions={permissions} dayZone={dayZone} />;
}

mount("sales", SalesScreen);
