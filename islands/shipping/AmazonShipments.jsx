// 货件同步 (/e/s/a): a store's shipments at Amazon (the Fulfillment Inbound API, changed in the last 180 days),
// each with its lines paired to local products by seller SKU or FNSKU. The seller picks the store group and
// marketplace, ticks the shipments sellerhub does not have yet and imports them, from the warehouse they leave;
// one with a seller SKU no product is paired with names it and cannot be ticked, one already imported is marked.
import { useState } from "react";
import { api } from "../lib/api.js";
import { can } from "../lib/permissions.js";
import { toast } from "../lib/toast.js";
import { Options, useShipOptions, warehouseChoices } from "./ItemsEditor.jsx";
import { ERP, button, card, input, openTab, plain } from "./common.js";

const th = "px-3 py-2 font-medium";
const td = "px-3 py-2 align-top";

export default function AmazonShipments({ permissions }) {
  const options = useShipOptions();
  const [place, setPlace] = useState({ groupId: "", marketplaceId: "", warehouseId: "" });
  const [rows, setRows] = useState(null);
  const [chosen, setChosen] = useState([]);
  const [busy, setBusy] = useState(false);
  const may = can(permissions, "erp:ship:add");
  if (!options) return <p className="text-sm text-slate-500">加载中...</p>;

  const set = (field) => (e) => setPlace({ ...place, [field]: e.target.value });
  const load = async (e) => {
    e?.preventDefault();
    setBusy(true);
    try {
      const q = new URLSearchParams({ groupId: place.groupId, marketplaceId: place.marketplaceId });
      const { data } = await api(`${ERP}/shipment/amazon?${q}`);
      setRows(data);
      setChosen([]);
    } catch (err) {
      toast(err.message, "error");
    } finally {
      setBusy(false);
    }
  };
  const importChosen = async () => {
    setBusy(true);
    try {
      const { data } = await api(`${ERP}/shipment/amazon/import`, { method: "POST", body: { ...place, shipmentIds: chosen } });
      toast(`已导入${data.length}个货件：${data.join("、")}`);
      setBusy(false);
      await load();
    } catch (err) {
      toast(err.message, "error");
      setBusy(false);
    }
  };
  const toggle = (id) => setChosen(chosen.includes(id) ? chosen.filter((x) => x !== id) : [...chosen, id]);

  return (
    <div className="space-y-4">
      <form onSubmit={load} className={`flex flex-wrap items-center gap-2 text-sm ${card}`}>
        <select aria-label="店铺" className={input} value={place.groupId} onChange={set("groupId")}>
          <option value="">选择店铺</option>
          {options.groups.map((g) => (
            <option key={g.id} value={g.id}>
              {g.name}
            </option>
          ))}
        </select>
        <select aria-label="站点" className={input} value={place.marketplaceId} onChange={set("marketplaceId")}>
          <option value="">选择站点</option>
          {options.marketplaces.map((m) => (
            <option key={m.id} value={m.id}>
              {m.country} {m.name}
            </option>
          ))}
        </select>
        <button type="submit" className={button} disabled={busy}>
          {busy ? "查询中..." : "查询亚马逊货件"}
        </button>
      </form>
      {rows && (
        <section className={card} aria-label="亚马逊货件">
          {rows.length === 0 ? (
            <p className="py-6 text-center text-sm text-slate-500">亚马逊近180天没有该店铺站点的货件</p>
          ) : (
            <div className="overflow-x-auto">
              <table className="min-w-full text-left text-sm">
                <thead className="bg-slate-50 text-slate-600 dark:bg-slate-900 dark:text-slate-300">
                  <tr>
                    <th className={th}>选择</th>
                    <th className={th}>货件ID</th>
                    <th className={th}>货件名称</th>
                    <th className={th}>配送中心</th>
                    <th className={th}>亚马逊状态</th>
                    <th className={th}>数量</th>
                    <th className={th}>商品</th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100 dark:divide-slate-700">
                  {rows.map((r) => (
                    <tr key={r.shipmentId} data-shipment={r.shipmentId}>
                      <td className={td}>
                        {r.imported ? (
                          <button type="button" className="text-sky-700 hover:underline dark:text-sky-300" onClick={() => openTab(`处理货件 ${r.shipmentId}`, "/shipment_handing/shipstep", { shipmentid: r.shipmentId })}>
                            已导入
                          </button>
                        ) : (
                          <input type="checkbox" aria-label={`选择 ${r.shipmentId}`} disabled={!may || r.unpaired.length > 0} checked={chosen.includes(r.shipmentId)} onChange={() => toggle(r.shipmentId)} />
                        )}
                      </td>
                      <td className={td}>{r.shipmentId}</td>
                      <td className={td}>{r.name}</td>
                      <td className={td}>{r.center}</td>
                      <td className={td}>{r.statusName}</td>
                      <td className={td}>{r.quantity}</td>
                      <td className={td}>
                        <ul>
                          {r.items.map((it) => (
                            <li key={it.sellerSku} className={it.productId ? "" : "text-red-700"}>
                              {it.sellerSku} × {it.quantityShipped}
                              {it.productId ? ` → ${it.sku}` : "（未配对）"}
                              {it.quantityReceived > 0 && `，已收 ${it.quantityReceived}`}
                            </li>
                          ))}
                        </ul>
                        {r.unpaired.length > 0 && <p className="text-xs text-red-700">请先为 {r.unpaired.join("、")} 配对本地产品</p>}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          {may && rows.length > 0 && (
            <div className="mt-3 flex flex-wrap items-center gap-2 text-sm">
              <select aria-label="发货仓库" className={input} value={place.warehouseId} onChange={set("warehouseId")}>
                <option value="">选择发货仓库</option>
                <Options choices={warehouseChoices(options.warehouses)} />
              </select>
              <button type="button" className={button} disabled={busy || chosen.length === 0} onClick={importChosen}>
                导入所选（{chosen.length}）
              </button>
              <span className="text-slate-500">亚马逊已发货的货件导入为已发货，并按亚马逊的收货数量计入FBA仓库。</span>
            </div>
          )}
        </section>
      )}
      <button type="button" className={plain} onClick={() => openTab("货件处理", "/erp/ship/quota", {})}>
        返回货件处理
      </button>
    </div>
  );
}
