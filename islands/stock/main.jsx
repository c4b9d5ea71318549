// The warehouse list screens, one island for all of them (the page's props name the screen): 仓库, 库存数量 (the
// stock list), 海外仓库存, FBA库存明细, FBA每日库存, 库存流水, 仓库地址, 发货地址, 库位, 库存货值 and the 入库单, 出库单, 盘点单, 调拨单 and 换货单 lists. A document's create and detail pages are the same island
// built apart (document.jsx): a list tab then loads none of their code (more than half of the warehouse screens').
import { useState } from "react";
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

// 海外仓库存: the overseas warehouses' stock, and beside it their outbound documents (海外仓发货单) and their first
// legs in (海外仓入库单), each a tab.
function Overseas({ permissions }) {
  const [tab, setTab] = useState("stock");
  const look = (t) => `border-b-2 px-3 py-1 text-sm ${tab === t ? "border-sky-700 font-semibold text-sky-800 dark:text-sky-300" : "border-transparent text-slate-600 dark:text-slate-300"}`;
  return (
    <>
      <div role="tablist" aria-label="海外仓" className="mb-3 flex gap-2 border-b border-slate-200 dark:border-slate-700">
        <button type="button" role="tab" aria-selected={tab === "stock"} className={look("stock")} onClick={() => setTab("stock")}>
          库存
        </button>
        <button type="button" role="tab" aria-selected={tab === "documents"} className={look("documents")} onClick={() => setTab("documents")}>
          海外仓发货单
        </button>
        <button type="button" role="tab" aria-selected={tab === "inbound"} className={look("inbound")} onClick={() => setTab("inbound")}>
          海外仓入库单
        </button>
      </div>
      {tab === "stock" ? <Stock overseas permissions={permissions} /> : <Documents key={tab} kind={tab === "inbound" ? "overseasIn" : "overseas"} permissions={permissions} />}
    </>
  );
}

function WarehouseScreen({ screen, permissions }) {
  if (screen === "warehouses") return <Warehouses permissions={permissions} />;
  if (screen === "record") return <Record permissions={permissions} />;
  if (screen === "stock") return <Stock permissions={permissions} />;
  if (screen === "overseas") return <Overseas permissions={permissions} />;
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
