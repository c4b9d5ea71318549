// 新建入库单 / 新建出库单 / 新建调拨单: the warehouse (a transfer's two: 调出仓库 and 调入仓库), the products (from the picker) with their quantities, and a remark. 保存
// stores a draft (待提交) and hands the tab over to the new document's detail, where it is submitted and approved.
// The same form edits a draft from its detail (doc), saving it in place. The quantities are checked here as the
// server checks them, so a mistake shows before anything is sent; an outbound quantity beyond the fulfillable stock
// is only warned of, as the stock may come in before 审核, which refuses it if not. An inbound line has its 单价
// (CNY, empty when not known) and amount, and the form its total: the receipt values the stock at it; and, when
// the warehouse has bins, its 上架库位 (the product's usual bin proposed, 待上架 when none), where approval puts it.
// 海外仓发货 (kind overseas) is an outbound document of an overseas warehouse with where it goes (Overseas.jsx).
// 新建海外仓入库单 (kind overseasIn) is a first leg: from an own warehouse (发货仓库) to an overseas one (海外仓) by a
// channel of 物流跟踪, with its boxes (箱数) and tracking number; its detail is a transfer's (TransferDetail.jsx).
import { useEffect, useState } from "react";
import { api } from "../lib/api.js";
import { ask } from "../lib/confirm.js";
import { toast } from "../lib/toast.js";
import { DestinationFields, EMPTY_DESTINATION, destinationOf, destinationProblem } from "./Overseas.jsx";
import ProductPicker from "./ProductPicker.jsx";
import { ERP, KINDS, Thumb, WarehouseSelect, button, dangerButton, input, openTab, plainButton, useBins, useWarehouses } from "./shared.jsx";

// costProblem is what is wrong with an inbound line's 单价 (CNY), as the server words it; "" when it is right or
// left empty (not known).
export function costProblem(cost) {
  const c = String(cost ?? "").trim();
  if (c === "") return "";
  if (!/^\d+(\.\d+)?$/.test(c)) return "单价(元)必须是不小于0的数字";
  if ((c.split(".")[1] || "").replace(/0+$/, "").length > 2) return "单价(元)最多2位小数";
  if (Number(c) > 999999.99) return "单价(元)不能超过999999.99";
  return "";
}

// cents reads a right 单价 as whole fen, so that sums are exact; null when empty.
const cents = (cost) => (String(cost ?? "").trim() === "" ? null : Math.round(Number(cost) * 100));

// linesTotal is the inbound lines' quantities times their 单价, in yuan with two decimals ("" when no line has one).
export function linesTotal(lines) {
  const costed = lines.filter((l) => cents(l.unitCost) !== null && !costProblem(l.unitCost) && /^\d+$/.test(String(l.quantity)));
  if (costed.length === 0) return "";
  return (costed.reduce((sum, l) => sum + Number(l.quantity) * cents(l.unitCost), 0) / 100).toFixed(2);
}

// headLegProblem is what is wrong with a 海外仓入库's first leg, as the server words it ("" when right).
function headLegProblem({ channelId, boxes, tracking }) {
  if (!channelId) return "请选择物流渠道";
  if (!/^\d+$/.test(String(boxes)) || Number(boxes) < 1 || Number(boxes) > 100000) return "箱数必须为1到100000的整数";
  if (tracking.trim().length > 100) return "跟踪单号不能超过100个字符";
  return "";
}

function problem(kind, warehouseId, lines, toWarehouseId) {
  if (kind === "overseasIn" && !warehouseId) return "请选择发货仓库";
  if (kind === "overseasIn" && !toWarehouseId) return "请选择海外仓";
  if (!warehouseId) return kind === "transfer" ? "请选择调出仓库" : "请选择仓库";
  if (kind === "transfer" && !toWarehouseId) return "请选择调入仓库";
  if (kind === "transfer" && toWarehouseId === warehouseId) return "调出仓库和调入仓库不能相同";
  if (lines.length === 0) return "请添加产品";
  const bad = lines.findIndex((l) => !/^\d+$/.test(String(l.quantity)) || Number(l.quantity) < 1 || Number(l.quantity) > 1000000);
  if (bad >= 0) return `第${bad + 1}行：数量必须为1到1000000的整数`;
  if (kind !== "inbound") return "";
  const costBad = lines.findIndex((l) => costProblem(l.unitCost));
  return costBad >= 0 ? `第${costBad + 1}行：${costProblem(lines[costBad].unitCost)}` : "";
}

// transferable leaves out the FBA warehouses of a transfer's choices: their stock is Amazon's figures.
const transferable = (warehouses, transfer) => (transfer && warehouses ? warehouses.filter((w) => w.kind !== "fba") : warehouses);

// choices are the warehouses a document of the kind may name: 海外仓发货 only overseas ones, a 海外仓入库 only own
// ones (it ships from them), a transfer no FBA one.
const only = (warehouses, kind) => warehouses && warehouses.filter((w) => w.kind === kind);
const choices = (warehouses, kind) => (kind === "overseas" ? only(warehouses, "overseas") : kind === "overseasIn" ? only(warehouses, "own") : transferable(warehouses, kind === "transfer"));

// useChannels loads the company's 物流跟踪 channels for a 海外仓入库's drop-down ([] for other kinds).
function useChannels(on) {
  const [channels, setChannels] = useState([]);
  useEffect(() => {
    if (!on) return;
    api(`${ERP}/overseasIn/channels`)
      .then(({ data }) => setChannels(data || []))
      .catch((e) => toast(e.message, "error"));
  }, [on]);
  return channels;
}

export default function DocumentNew({ kind, doc, onSaved, onCancel }) {
  const k = KINDS[kind];
  const warehouses = useWarehouses(false);
  const [warehouseId, setWarehouseId] = useState(doc ? doc.warehouseId : "");
  const transfer = kind === "transfer";
  const [toWarehouseId, setToWarehouseId] = useState(doc ? doc.toWarehouseId || "" : "");
  const [lines, setLines] = useState(doc ? doc.lines.map((l) => ({ ...l, quantity: String(l.quantity), unitCost: l.unitCost || "", binId: l.binId || "" })) : []);
  const inbound = kind === "inbound";
  const overseas = kind === "overseas";
  const headLeg = kind === "overseasIn";
  const channels = useChannels(headLeg);
  const [leg, setLeg] = useState(doc ? { channelId: doc.channelId || "", boxes: String(doc.boxes || ""), tracking: doc.tracking || "" } : { channelId: "", boxes: "1", tracking: "" });
  const [destination, setDestination] = useState(doc ? destinationOf(doc) : EMPTY_DESTINATION);
  // An inbound line is put away at approval into its bin (库位), proposed as the product's usual one.
  const bins = useBins(inbound ? warehouseId : "");
  const addLine = async (p) => {
    setLines((ls) => [...ls, { ...p, quantity: "1", unitCost: "", binId: "" }]);
    if (!inbound || bins.length === 0) return;
    try {
      const { data } = await api(`${ERP}/bin/usual`, { method: "POST", body: { warehouseId, productIds: [p.productId] } });
      if (data[0]) setLines((ls) => ls.map((l) => (l.productId === p.productId && l.binId === "" ? { ...l, binId: data[0].binId } : l)));
    } catch (e) {
      toast(e.message, "error");
    }
  };
  const [remark, setRemark] = useState(doc ? doc.remark : "");
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);

  const changeWarehouse = async (id) => {
    if (lines.length && !(await ask({ title: "更换仓库", message: `已添加的 ${lines.length} 个产品将被清空。`, action: "更换" }))) return;
    setWarehouseId(id);
    setLines([]);
  };
  const setLine = (i, change) => setLines((ls) => ls.map((l, j) => (j === i ? { ...l, ...change } : l)));

  const save = async (e) => {
    e.preventDefault();
    const msg = problem(kind, warehouseId, lines, toWarehouseId) || (overseas ? destinationProblem(destination) : "") || (headLeg ? headLegProblem(leg) : "");
    setError(msg);
    if (msg) return;
    setBusy(true);
    try {
      const body = {
        warehouseId,
        ...(transfer || headLeg ? { toWarehouseId } : {}),
        ...(overseas ? destination : {}),
        ...(headLeg ? { channelId: leg.channelId, boxes: Number(leg.boxes), tracking: leg.tracking.trim() } : {}),
        remark, lines: lines.map((l) => ({ productId: l.productId, quantity: Number(l.quantity), ...(inbound ? { unitCost: String(l.unitCost ?? "").trim(), binId: l.binId || "" } : {}) })) };
      if (doc) {
        await api(`${ERP}/${k.path}/${doc.id}`, { method: "PUT", body });
        toast("操作成功!");
        onSaved();
        return;
      }
      const { data } = await api(`${ERP}/${k.path}`, { method: "POST", body });
      toast("操作成功!");
      openTab(`${k.noun} ${data.number}`, k.detail, { id: data.id }, true);
    } catch (err) {
      setError(err.message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={save} noValidate aria-label={doc ? `编辑${k.noun} ${doc.number}` : `新建${k.noun}`} className="max-w-5xl space-y-4">
      {error && (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
          {error}
        </p>
      )}
      <div className="flex flex-wrap items-center gap-4">
        <label className="flex items-center gap-2 text-sm">
          <span>
            {transfer ? "调出仓库" : headLeg ? "发货仓库" : "仓库"}
            <span className="text-red-600"> *</span>
          </span>
          <WarehouseSelect warehouses={choices(warehouses, kind)} label={transfer ? "调出仓库" : headLeg ? "发货仓库" : overseas ? "海外仓" : "仓库"} value={warehouseId} onChange={(e) => changeWarehouse(e.target.value)} empty="请选择仓库" />
        </label>
        {transfer && (
          <label className="flex items-center gap-2 text-sm">
            <span>
              调入仓库<span className="text-red-600"> *</span>
            </span>
            <WarehouseSelect
              warehouses={(transferable(warehouses, true) || []).filter((w) => w.id !== warehouseId)}
              label="调入仓库"
              value={toWarehouseId}
              onChange={(e) => setToWarehouseId(e.target.value)}
              empty="请选择仓库"
            />
          </label>
        )}
      </div>
      {headLeg && (
        <div className="flex flex-wrap items-center gap-4">
          <label className="flex items-center gap-2 text-sm">
            <span>
              海外仓<span className="text-red-600"> *</span>
            </span>
            <WarehouseSelect warehouses={only(warehouses, "overseas")} label="海外仓" value={toWarehouseId} onChange={(e) => setToWarehouseId(e.target.value)} empty="请选择海外仓" />
          </label>
          <label className="flex items-center gap-2 text-sm">
            <span>
              物流渠道<span className="text-red-600"> *</span>
            </span>
            <select aria-label="物流渠道" className={input} value={leg.channelId} onChange={(e) => setLeg((l) => ({ ...l, channelId: e.target.value }))}>
              <option value="">请选择物流渠道</option>
              {channels.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.carrier} · {c.name}（{c.modeName}，{c.days}天）
                </option>
              ))}
            </select>
          </label>
          <label className="flex items-center gap-2 text-sm">
            <span>
              箱数<span className="text-red-600"> *</span>
            </span>
            <input aria-label="箱数" inputMode="numeric" className={`w-20 ${input}`} value={leg.boxes} onChange={(e) => setLeg((l) => ({ ...l, boxes: e.target.value.trim() }))} />
          </label>
          <label className="flex items-center gap-2 text-sm">
            <span>跟踪单号</span>
            <input aria-label="跟踪单号" maxLength={100} className={`w-44 ${input}`} value={leg.tracking} onChange={(e) => setLeg((l) => ({ ...l, tracking: e.target.value }))} />
          </label>
          {channels.length === 0 && <span className="text-xs text-slate-500">还没有物流渠道：先在“物流跟踪”新增渠道。</span>}
        </div>
      )}
      {overseas && <DestinationFields value={destination} onChange={setDestination} />}
      <ProductPicker warehouseId={warehouseId} chosen={new Set(lines.map((l) => l.productId))} onPick={addLine} />
      <table className="w-full text-left text-sm" aria-label="单据产品">
        <thead className="bg-slate-50 text-slate-600 dark:bg-slate-900 dark:text-slate-300">
          <tr>
            <th className="px-2 py-2 font-medium">#</th>
            <th className="px-2 py-2 font-medium">图片</th>
            <th className="px-2 py-2 font-medium">SKU</th>
            <th className="px-2 py-2 font-medium">产品名称</th>
            <th className="px-2 py-2 font-medium">可用库存</th>
            <th className="px-2 py-2 font-medium">{inbound ? "入库数量" : transfer ? "调拨数量" : overseas || headLeg ? "发货数量" : "出库数量"}</th>
            {inbound && (
              <th className="px-2 py-2 font-medium" title="每件的采购成本（人民币），审核入库时记入库存流水">
                单价(元)
              </th>
            )}
            {inbound && <th className="px-2 py-2 text-right font-medium">金额(元)</th>}
            {inbound && bins.length > 0 && (
              <th className="px-2 py-2 font-medium" title="审核入库时直接放入该库位；不选则为待上架">
                上架库位
              </th>
            )}
            <th className="px-2 py-2" />
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 dark:divide-slate-700">
          {lines.map((l, i) => (
            <tr key={l.productId}>
              <td className="px-2 py-1">{i + 1}</td>
              <td className="px-2 py-1">
                <Thumb src={l.image} alt={l.sku} />
              </td>
              <td className="px-2 py-1 font-mono">{l.sku}</td>
              <td className="px-2 py-1">{l.name}</td>
              <td className="px-2 py-1">{l.fulfillable}</td>
              <td className="px-2 py-1">
                <input aria-label={`${l.sku} 数量`} inputMode="numeric" className={`w-24 ${input}`} value={l.quantity} onChange={(e) => setLine(i, { quantity: e.target.value.trim() })} />
                {!inbound && Number(l.quantity) > l.fulfillable && (
                  <p role="status" className="mt-1 text-xs text-amber-700 dark:text-amber-300">
                    超出可用库存 {l.fulfillable}，审核时将被拒绝
                  </p>
                )}
              </td>
              {inbound && (
                <td className="px-2 py-1">
                  <input aria-label={`${l.sku} 单价`} inputMode="decimal" placeholder="如 12.50" className={`w-28 ${input}`} value={l.unitCost} onChange={(e) => setLine(i, { unitCost: e.target.value.trim() })} />
                  {costProblem(l.unitCost) && (
                    <p role="status" className="mt-1 text-xs text-red-700 dark:text-red-300">
                      {costProblem(l.unitCost)}
                    </p>
                  )}
                </td>
              )}
              {inbound && <td className="whitespace-nowrap px-2 py-1 text-right tabular-nums">{linesTotal([l]) || "—"}</td>}
              {inbound && bins.length > 0 && (
                <td className="px-2 py-1">
                  <select aria-label={`${l.sku} 上架库位`} className={`w-32 ${input}`} value={l.binId || ""} onChange={(e) => setLine(i, { binId: e.target.value })}>
                    <option value="">待上架</option>
                    {bins.map((b) => (
                      <option key={b.id} value={b.id}>
                        {b.code}
                      </option>
                    ))}
                    {l.binId && !bins.some((b) => b.id === l.binId) && <option value={l.binId}>{l.binCode || "已停用库位"}</option>}
                  </select>
                </td>
              )}
              <td className="px-2 py-1 text-right">
                <button type="button" className={dangerButton} aria-label={`移除 ${l.sku}`} onClick={() => setLines((ls) => ls.filter((_, j) => j !== i))}>
                  移除
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {lines.length === 0 && <p className="text-center text-sm text-slate-500">暂无数据！</p>}
      {inbound && lines.length > 0 && (
        <p className="text-right text-sm" aria-label="合计金额">
          合计金额(元)：<span className="font-semibold tabular-nums">{linesTotal(lines) || "—"}</span>
        </p>
      )}
      <label className="block text-sm">
        备注
        <textarea name="remark" rows={2} maxLength={500} className={`mt-1 block w-full ${input}`} value={remark} onChange={(e) => setRemark(e.target.value)} />
      </label>
      <div className="flex items-center gap-3">
        <button type="submit" className={button} disabled={busy}>
          {busy ? "保存中..." : "保存"}
        </button>
        {doc ? (
          <button type="button" className={plainButton} disabled={busy} onClick={onCancel}>
            取消
          </button>
        ) : (
          <span className="text-sm text-slate-500">保存后为待提交状态，可在详情页提交和审核。</span>
        )}
      </div>
    </form>
  );
}
