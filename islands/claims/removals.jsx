// 移除订单 (销售 → 订单): the seller's removal orders from Amazon's removal reports — what was sent back (退还),
// destroyed (弃置) or sold off (清算), latest request first, with the units of each state, the removal fee and where
// the units went. An order opens to its lines (SKU and disposition) and the packages Amazon shipped with carrier and
// tracking number. The list filters by store, marketplace, request days, type, status and SKU, and exports.
import { useEffect, useRef, useState } from "react";
import { api } from "../lib/api.js";
import { mount } from "../lib/mount.js";
import { PlaceSelects } from "../lib/StoreSelects.jsx";
import { money } from "../lib/money.js";
import { toast } from "../lib/toast.js";
import DataTable from "../table/DataTable.jsx";

const AMZ = "/amazon/api/v1";
const button = "rounded-md bg-sky-700 px-3 py-1 text-sm font-semibold text-white hover:bg-sky-800 disabled:opacity-50";
const plain = "rounded-md border border-slate-300 px-3 py-1 text-sm hover:bg-slate-50 disabled:opacity-50 dark:border-slate-600 dark:hover:bg-slate-700";
const input = "rounded-md border border-slate-300 px-2 py-1 text-sm dark:border-slate-600 dark:bg-slate-900";
const STATUS_STYLE = {
  Completed: "bg-emerald-50 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300",
  Pending: "bg-amber-50 text-amber-800 dark:bg-amber-950 dark:text-amber-300",
  Cancelled: "bg-slate-100 text-slate-600 dark:bg-slate-700 dark:text-slate-300",
};
const th = "whitespace-nowrap px-3 py-2 font-medium";
const td = "whitespace-nowrap px-3 py-2";

function RemovalsScreen({ permissions }) {
  const [opened, setOpened] = useState(null);
  return (
    <section aria-label="移除订单">
      <form id="removal-filter" className="mb-2 flex flex-wrap items-center gap-2 text-sm">
        <PlaceSelects />
        <select name="orderType" aria-label="类型" className={input} defaultValue="">
          <option value="">全部类型</option>
          <option value="Return">退还</option>
          <option value="Disposal">弃置</option>
          <option value="Liquidations">清算</option>
        </select>
        <select name="orderStatus" aria-label="状态" className={input} defaultValue="">
          <option value="">全部状态</option>
          <option value="Pending">处理中</option>
          <option value="Completed">已完成</option>
          <option value="Cancelled">已取消</option>
        </select>
        <input name="keyword" type="search" aria-label="SKU或订单号" placeholder="SKU / FNSKU / 移除订单号" className={`w-48 ${input}`} />
        <label className="flex items-center gap-1">
          从
          <input name="from" type="date" aria-label="开始日期" className={input} />
        </label>
        <label className="flex items-center gap-1">
          到
          <input name="to" type="date" aria-label="结束日期" className={input} />
        </label>
        <button type="submit" className={button}>
          查询
        </button>
      </form>
      <p className="mb-2 text-xs text-slate-500 dark:text-slate-400">
        数据来自亚马逊的移除订单详情报告和移除货件详情报告：退还的商品由亚马逊按承运商和运单号发往您在卖家平台设置的退货地址，弃置的商品由运营中心销毁，清算的商品由亚马逊售出。日期按申请时间筛选。
      </p>
      <DataTable
        queryname="removalOrderList"
        source={`${AMZ}/removals/page`}
        exportUrl={`${AMZ}/removals/export`}
        filterForm="removal-filter"
        permissions={permissions}
        renders={{
          orderStatusName: (row) => <span className={`rounded px-1.5 py-0.5 ${STATUS_STYLE[row.orderStatus] || ""}`}>{row.orderStatusName}</span>,
          removalFee: (row) => money(row.removalFee, row.currency),
          outcome: (row) => row.outcome || "—",
        }}
        actions={[{ label: "详情", run: (row) => setOpened(row) }]}
        empty="没有移除订单：在“数据同步”中同步移除订单和移除货件报告后，这里列出退还、弃置和清算的订单。"
      />
      {opened && <RemovalDialog order={opened} onClose={() => setOpened(null)} />}
    </section>
  );
}

// RemovalDialog is an order's lines and the packages Amazon shipped for it.
function RemovalDialog({ order, onClose }) {
  const dialog = useRef(null);
  const [detail, setDetail] = useState(null);
  useEffect(() => {
    dialog.current.showModal();
    api(`${AMZ}/removals/${order.id}`)
      .then(({ data }) => setDetail(data))
      .catch((e) => toast(e.message, "error"));
  }, [order.id]);
  return (
    <dialog ref={dialog} onClose={onClose} aria-labelledby="removal-title" className="m-auto w-[820px] max-w-[95vw] rounded-xl bg-white p-0 text-slate-800 shadow-xl backdrop:bg-slate-900/40 dark:bg-slate-800 dark:text-slate-100">
      <div className="p-6">
        <h2 id="removal-title" className="mb-1 text-lg font-semibold">
          移除订单 {order.orderId}
        </h2>
        <p className="mb-3 text-sm text-slate-600 dark:text-slate-300">
          {order.groupName} · {order.marketplaceName} · {order.orderTypeName} · {order.orderStatusName}；申请于 {order.requestDate}，最后更新 {order.lastUpdated}；移除费{" "}
          {money(order.removalFee, order.currency) || "—"}
        </p>
        <h3 className="mb-1 text-sm font-semibold">明细</h3>
        <div className="max-h-56 overflow-auto">
          <table className="w-full text-left text-sm" aria-label="明细">
            <thead className="sticky top-0 bg-slate-50 text-slate-600 dark:bg-slate-900 dark:text-slate-300">
              <tr>
                <th className={th}>SKU</th>
                <th className={th}>FNSKU</th>
                <th className={th}>库存状态</th>
                <th className={th}>去向</th>
                <th className={`${th} text-right`}>申请</th>
                <th className={`${th} text-right`}>已发货</th>
                <th className={`${th} text-right`}>已弃置</th>
                <th className={`${th} text-right`}>处理中</th>
                <th className={`${th} text-right`}>已取消</th>
                <th className={`${th} text-right`}>移除费</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100 dark:divide-slate-700">
              {(detail?.items || []).map((it, i) => (
                <tr key={i}>
                  <td className={td}>{it.sku}</td>
                  <td className={`${td} tabular-nums`}>{it.fnsku || "—"}</td>
                  <td className={td}>{it.dispositionName}</td>
                  <td className={td}>{it.outcome || "—"}</td>
                  <td className={`${td} text-right tabular-nums`}>{it.requestedQuantity}</td>
                  <td className={`${td} text-right tabular-nums`}>{it.shippedQuantity}</td>
                  <td className={`${td} text-right tabular-nums`}>{it.disposedQuantity}</td>
                  <td className={`${td} text-right tabular-nums`}>{it.inProcessQuantity}</td>
                  <td className={`${td} text-right tabular-nums`}>{it.cancelledQuantity}</td>
                  <td className={`${td} text-right tabular-nums`}>{money(it.removalFee, it.currency)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {!detail && <p className="px-3 py-6 text-center text-sm text-slate-500">加载中...</p>}
        </div>
        <h3 className="mb-1 mt-4 text-sm font-semibold">货件</h3>
        <div className="max-h-56 overflow-auto">
          <table className="w-full text-left text-sm" aria-label="货件">
            <thead className="sticky top-0 bg-slate-50 text-slate-600 dark:bg-slate-900 dark:text-slate-300">
              <tr>
                <th className={th}>发货时间</th>
                <th className={th}>承运商</th>
                <th className={th}>运单号</th>
                <th className={`${th} text-right`}>件数</th>
                <th className={th}>SKU</th>
                <th className={th}>库存状态</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100 dark:divide-slate-700">
              {(detail?.shipments || []).map((s, i) => (
                <tr key={i}>
                  <td className={`${td} tabular-nums`}>{s.shipmentDate}</td>
                  <td className={td}>{s.carrier || "—"}</td>
                  <td className={`${td} tabular-nums`}>{s.trackingNumber || "—"}</td>
                  <td className={`${td} text-right tabular-nums`}>{s.shippedQuantity}</td>
                  <td className={td}>{s.sku}</td>
                  <td className={td}>{s.dispositionName}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {detail && detail.shipments.length === 0 && (
            <p className="px-3 py-4 text-center text-sm text-slate-500 dark:text-slate-400">
              {order.orderType === "Disposal" ? "弃置订单由运营中心就地销毁，没有货件。" : order.orderStatus === "Cancelled" ? "订单已取消，没有货件。" : "亚马逊尚未发出货件。"}
            </p>
          )}
        </div>
        <div className="mt-5 flex justify-end">
          <button type="button" className={plain} onClick={() => dialog.current.close()}>
            关闭
          </button>
        </div>
      </div>
    </dialog>
  );
}

mount("removals", RemovalsScreen);
