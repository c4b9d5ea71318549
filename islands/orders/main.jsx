// The order screens, one island for all of them (the page's props name the screen): 订单管理 and 今日订单 (the
// orders with an order's detail), 退款订单 and 销售明细 (the order lines).
import { mount } from "../lib/mount.js";
import Orders from "./Orders.jsx";
import Refunds from "./Refunds.jsx";
import SalesDetails from "./SalesDetails.jsx";

function OrderScreen({ screen, permissions, marketplaces, dayZone }) {
  if (screen === "details") return <SalesDetails permissions={permissions} marketplaces={marketplaces} dayZone={dayZone} />;
  if (screen === "refund") return <Refunds permissions={permissions} marketplaces={marketplaces} dayZone={dayZone} />;
  return <Orders today={screen === "today"} permissions={permissions} marketplaces={marketplaces} dayZone={dayZone} />;
}

mount("orders", OrderScreen);
