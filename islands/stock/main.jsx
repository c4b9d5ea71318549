// The warehouse list screens, one island for all of them (the page's props name the screen): 仓库, 库存数量 (the
// stock list), 海外仓库存, FBA库存明细, FBA每日库存, 库存流水, 仓库地址, 发货地址, 库位, 库存货值 and the 入库单, 出库单, 盘点单, 调拨单 and 换货单 lists. A document's create and detail pages are the same island
// built apart (document.jsx): a list tab then loads none of their code (more than half of the warehouse screens').
import { mount } from "../lib/mount.js";
import Addresses from "./Addresses.jsx";
import Bins from "./Bins.jsx";
import Documents from "./Documents.jsx";
import FBADaily from "./FBADaily.jsx";
import FBAInventory from "./FBAInventory.jsx";
import Record from "./Record.jsx";
import Stock from "./Stock.jsx";
import Warehouses from "./Warehouses.jsx";
import Worth from "./Worth.jsx";
import ProcessScreen from "./Process.jsx";
import { kindOf } from "./shared.jsx";

function WarehouseScreen({ screen, permissions }) {
  if (screen === "warehouses") return <Warehouses permissions={permissions} />;
  if (screen === "record") return <Record permissions={permissions} />;
  if (screen === "stock") return <Stock permissions={permissions} />;
  if (screen === "overseas") return <Stock overseas permissions={permissions} />;
  if (screen === "fbaInventory") return <FBAInventory permissions={permissions} />;
  if (screen === "warehouseAddresses") return <Addresses kind="warehouse" permissions={permissions} />;
  if (screen === "shipFromAddresses") return <Addresses kind="shipFrom" permissions={permissions} />;
  if (screen === "fbaDaily") return <FBADaily permissions={permissions} />;
  if (screen === "bins") return <Bins permissions={permissions} />;
  if (screen === "worth") return <Worth permissions={permissions} />;
  if (screen === "processList") return <ProcessScreen permissions={permissions} />;
  return <Documents kind={kindOf(screen)} permissions={permissions} />;
}

mount("warehouse", WarehouseScreen);
