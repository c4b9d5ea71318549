// The profit screens, one island for them all (the page's props name the screen): 利润报告 (profit per seller SKU,
// store and month, each figure opening the lines it was summed from), 利润配置 (how freight is spread), and the
// settlements summed by fee type (费用项) and by SKU (SKU结算), 月度报告 (a month's P&L of each store), 业绩报告
// (sales and profit by owner or department against the month's targets), 费用分摊 (with 新建费用分摊) and 成本核算
// (with 编辑成本核算).
import { mount } from "../lib/mount.js";
import Config from "./Config.jsx";
import CostSharing, { CostNew } from "./CostSharing.jsx";
import JobCosting, { JobEdit } from "./JobCosting.jsx";
import Month from "./Month.jsx";
import Performance from "./Performance.jsx";
import Report from "./Report.jsx";
import { FeeItems, SKUSettlements } from "./Settled.jsx";

function ProfitScreen({ screen, permissions }) {
  if (screen === "config") return <Config permissions={permissions} />;
  if (screen === "month") return <Month />;
  if (screen === "performance") return <Performance permissions={permissions} />;
  if (screen === "costsharing") return <CostSharing permissions={permissions} />;
  if (screen === "costnew") return <CostNew />;
  if (screen === "jobcosting") return <JobCosting permissions={permissions} />;
  if (screen === "jobedit") return <JobEdit permissions={permissions} />;
  if (screen === "fees") return <FeeItems permissions={permissions} />;
  if (screen === "skus") return <SKUSettlements permissions={permissions} />;
  return <Report permissions={permissions} />;
}

mount("profit", ProfitScreen);
