// The profit screens, one island for both (the page's props name the screen): 利润报告 (profit per seller SKU,
// store and month, each figure opening the lines it was summed from) and 利润配置 (how freight is spread).
import { mount } from "../lib/mount.js";
import Config from "./Config.jsx";
import Report from "./Report.jsx";

function ProfitScreen({ screen, permissions }) {
  if (screen === "config") return <Config permissions={permissions} />;
  return <Report permissions={permissions} />;
}

mount("profit", ProfitScreen);
