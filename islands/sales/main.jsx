// The sales screens, one island for all (the page's props name the screen): 销售报表 (sales by SKU, ASIN, local
// product, store or marketplace and day, week or month), 周/月汇总 (the orders of each week or month), and over
// Amazon's sales and traffic report 流量报告 and Listing分析, and 销售预测.
import { mount } from "../lib/mount.js";
import Forecast from "./Forecast.jsx";
import Report from "./Report.jsx";
import Traffic from "./Traffic.jsx";

function SalesScreen({ screen, permissions, dayZone }) {
  if (screen === "forecast") return <Forecast permissions={permissions} />;
  if (screen === "traffic" || screen === "listing") return <Traffic screen={screen} permissions={permissions} />;
  return <Report summary={screen === "summary"} permissions={permissions} dayZone={dayZone} />;
}

mount("sales", SalesScreen);
