// 货件处理: the company's shipments in the table island, filtered by status and shipment id, with the way to each
// one's handling steps, its details and its pick list (a new window, for printing). Sellers without API access
// enter a shipment by hand (新建货件) or import a workbook (导入货件).
import { useState } from "react";
import { api } from "../lib/api.js";
import { can } from "../lib/permissions.js";
import { toast } from "../lib/toast.js";
import DataTable from "../table/DataTable.jsx";
import ImportDialog from "../lib/ImportDialog.jsx";
import ManualDialog from "./ManualDialog.jsx";
import { ERP, button, input, openTab, pickListUrl, plain } from "./common.js";

// statuses are every shipment state (the server's one list, app/shipping ShipmentStatuses), in the words the list,
// the handling screen and the timeline use.
export default function Shipments({ permissions, statuses = [] }) {
  const [version, setVersion] = useState(0);
  const [dialog, setDialog] = useState("");
  const done = () => setVersion((n) => n + 1);
  const [syncing, setSyncing] = useState(false);
  // 同步亚马逊 asks Amazon about every shipped shipment it may still move on: its status and received units fill in.
  const syncAmazon = async () => {
    setSyncing(true);
    try {
      const { data } = await api(`${ERP}/shipment/inboundSync`, { method: "POST" });
      const diff = data.differences ? `，${data.differences}个产品的收货数量与亚马逊不一致` : "";
      toast(`已从亚马逊同步${data.checked}个货件，${data.updated}个有更新${diff}`);
      for (const p of data.problems) toast(`${p.country} ${p.shipments.join("、")}：${p.message}`, "error");
      done();
    } catch (e) {
      toast(e.message, "error");
    } finally {
      setSyncing(false);
    }
  };

  return (
    <section aria-label="货件">
      <form id="shipment-filter" className="mb-2 flex flex-wrap items-center gap-2 text-sm">
        <select name="status" aria-label="状态" className={input}>
          <option value="">全部状态</option>
          {statuses.map((st) => (
            <option key={st.code} value={st.code}>
              {st.name}
            </option>
          ))}
        </select>
        <input name="shipmentId" aria-label="货件ID" placeholder="货件ID" className={`w-44 ${input}`} />
        <button type="submit" className={button}>
          查询
        </button>
      </form>
      <DataTable
        queryname="shipmentList"
        source={`${ERP}/shipment/page`}
        exportUrl={`${ERP}/shipment/export`}
        filterForm="shipment-filter"
        permissions={permissions}
        version={version}
        toolbar={
          <>
            {can(permissions, "erp:ship:add") && (
              <>
                <button type="button" className={button} onClick={() => setDialog("manual")}>
                  新建货件
                </button>
                <button type="button" className={plain} onClick={() => setDialog("import")}>
                  导入货件
                </button>
              </>
            )}
            <button type="button" className={plain} onClick={() => openTab("货件同步", "/e/s/a", {})}>
              同步货件
            </button>
            <button type="button" className={plain} disabled={syncing} onClick={syncAmazon}>
              {syncing ? "同步中..." : "同步亚马逊"}
            </button>
          </>
        }
        actions={[
          { label: "处理", run: (r) => openTab(`处理货件 ${r.shipmentId}`, "/shipment_handing/shipstep", { shipmentid: r.shipmentId }) },
          { label: "详情", run: (r) => openTab(`货件详情 ${r.shipmentId}`, "/shipmentdetails", { shipmentid: r.shipmentId }) },
          { label: "配货单", permission: "erp:ship:pick:print", run: (r) => window.open(pickListUrl(r.shipmentId), "_blank", "noopener") },
          { label: "发票", run: (r) => openTab(`添加货件发票 ${r.shipmentId}`, "/invoice/addshipment", { shipmentid: r.shipmentId }) },
          { label: "打印标签", run: (r) => openTab("商品标签", "/amazon/listing/label", { shipment: r.shipmentId }) },
        ]}
      />
      {dialog === "manual" && <ManualDialog onClose={() => setDialog("")} onSaved={done} />}
      {dialog === "import" && (
        <ImportDialog
          title="导入货件"
          hint="每行一个产品；货件ID相同的行为同一货件，货件ID留空时店铺、站点、发货仓库、目的配送中心相同的行为同一货件，并生成本地编号（LS开头）。"
          templateURL={`${ERP}/shipment/importTemplate`}
          importURL={`${ERP}/shipment/import`}
          onClose={() => setDialog("")}
          onImported={(ids) => {
            toast(`已导入${ids.length}个货件：${ids.join("、")}`);
            done();
          }}
        />
      )}
    </section>
  );
}
