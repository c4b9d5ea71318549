// 添加货件发票 (/invoice/addshipment?shipmentid=): the customs/commercial invoice of a shipment's first leg. One line
// per product with its units; the seller fills what customs reads (HS code, declared value and currency, English
// and Chinese names, material, use), kept on the product for the next invoice, and the destination centre's
// address (the consignee). Once saved complete, it prints (/invoice/print, a new window) and exports as .xlsx.
import { useEffect, useState } from "react";
import { api, download } from "../lib/api.js";
import { money } from "../lib/money.js";
import { can } from "../lib/permissions.js";
import { toast } from "../lib/toast.js";
import { ERP, button, card, input, plain } from "./common.js";

const FIELDS = ["hsCode", "unitValue", "currency", "nameEn", "nameCn", "material", "purpose"];
const th = "px-2 py-2 font-medium whitespace-nowrap";
const td = "px-2 py-2 align-top";

// kg writes a weight (kg) with three decimals, as the printed invoice does; a dash when unknown.
const kg = (w) => (w === null || w === undefined ? "—" : Number(w).toFixed(3));

export const invoicePrintUrl = (shipmentId) => `/invoice/print?shipmentid=${encodeURIComponent(shipmentId)}`;

// formOf is the editable copy of the invoice: a line without a currency starts with the invoice's.
const formOf = (inv) => ({
  consignee: inv.consignee,
  items: inv.lines.map((l) => ({ sku: l.sku, ...Object.fromEntries(FIELDS.map((f) => [f, l[f] ?? ""])), currency: l.currency || inv.currency })),
});

// complete says whether the saved invoice has all customs needs, as printing and exporting require.
const complete = (inv) => inv.lines.length > 0 && inv.consignee !== "" && inv.lines.every((l) => l.hsCode && l.unitValue !== null && l.nameEn && l.nameCn);

export default function Invoice({ shipmentId, permissions }) {
  const [invoice, setInvoice] = useState(null);
  const [form, setForm] = useState(null);
  const [error, setError] = useState("");
  const [problem, setProblem] = useState("");
  const [busy, setBusy] = useState(false);
  const [dirty, setDirty] = useState(false);
  const edit = can(permissions, "erp:ship:handle");

  const show = (data) => {
    setInvoice(data);
    setForm(formOf(data));
    setDirty(false);
  };
  useEffect(() => {
    if (!shipmentId) {
      setError("请从货件详情或货件处理列表选择货件");
      return;
    }
    api(`${ERP}/shipment/${encodeURIComponent(shipmentId)}/invoice`)
      .then(({ data }) => show(data))
      .catch((e) => setError(e.message));
  }, [shipmentId]);

  if (error)
    return (
      <p role="alert" className="text-sm text-red-700">
        {error}
      </p>
    );
  if (!invoice) return <p className="text-sm text-slate-500">加载中...</p>;

  const setItem = (i, field, value) => {
    setForm((f) => ({ ...f, items: f.items.map((it, j) => (j === i ? { ...it, [field]: value } : it)) }));
    setDirty(true);
  };
  const save = async (event) => {
    event.preventDefault();
    setBusy(true);
    setProblem("");
    try {
      const { data } = await api(`${ERP}/shipment/${encodeURIComponent(invoice.shipmentId)}/invoice`, { method: "PUT", body: form });
      show(data);
      toast("发票资料已保存");
    } catch (e) {
      // Said beside the buttons, where the seller looks next; a toast too would say it twice.
      setProblem(e.message);
    } finally {
      setBusy(false);
    }
  };
  const exportXlsx = async () => {
    try {
      await download(`${ERP}/shipment/${encodeURIComponent(invoice.shipmentId)}/invoice/export`);
    } catch (e) {
      toast(e.message, "error");
    }
  };
  const ready = complete(invoice) && !dirty;
  const cell = (i, field, label, extra = "") => (
    <input
      aria-label={`${form.items[i].sku} ${label}`}
      value={form.items[i][field]}
      disabled={!edit}
      onChange={(e) => setItem(i, field, e.target.value)}
      className={`${input} ${extra}`}
    />
  );
  const unknown = "—";

  return (
    <form onSubmit={save} className="space-y-4" aria-label="货件发票">
      <div className={`${card} grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-3`}>
        <div>
          <span className="text-slate-500">发票号：</span>
          <span className="font-medium">{invoice.number}</span>
        </div>
        <div>
          <span className="text-slate-500">货件：</span>
          <span className="font-medium" data-testid="invoice-shipment">
            {invoice.shipmentId}
          </span>
        </div>
        <div>
          <span className="text-slate-500">店铺/站点：</span>
          <span className="font-medium">
            {invoice.groupName} {invoice.country}
          </span>
        </div>
        <div>
          <span className="text-slate-500">发货仓库：</span>
          <span className="font-medium">{invoice.warehouse}</span>
        </div>
        <div>
          <span className="text-slate-500">目的配送中心：</span>
          <span className="font-medium">{invoice.center}</span>
        </div>
        <div>
          <span className="text-slate-500">箱数：</span>
          <span className="font-medium">{invoice.cartons || unknown}</span>
        </div>
      </div>
      <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
        <section className={`${card} text-sm`} aria-labelledby="shipper-h">
          <h2 id="shipper-h" className="mb-1 font-semibold">
            发货人 Shipper
          </h2>
          {invoice.shipper.map((l, i) => (
            <div key={i}>{l}</div>
          ))}
          {invoice.shipper.length < 2 && <p className="mt-1 text-xs text-slate-500">发货仓库没有地址：可在仓库地址或发货地址中填写。</p>}
        </section>
        <section className={`${card} text-sm`}>
          <label htmlFor="consignee" className="mb-1 block font-semibold">
            收货人 Consignee（Amazon FBA {invoice.center} 的地址）
          </label>
          <textarea
            id="consignee"
            name="consignee"
            rows={4}
            value={form.consignee}
            disabled={!edit}
            onChange={(e) => {
              setForm((f) => ({ ...f, consignee: e.target.value }));
              setDirty(true);
            }}
            className={`${input} w-full`}
            placeholder="如：Amazon.com Services LLC, 2020 E Mission Blvd, Ontario, CA 91761, US"
          />
        </section>
      </div>
      <div className={`${card} overflow-x-auto p-0`}>
        <table className="min-w-full text-left text-sm">
          <thead className="bg-slate-50 text-slate-600 dark:bg-slate-900 dark:text-slate-300">
            <tr>
              {["SKU / 品名", "数量", "海关编码", "申报单价", "币种", "英文品名", "中文品名", "材质", "用途", "总价", "净重(kg)"].map((h) => (
                <th key={h} className={th}>
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100 dark:divide-slate-700">
            {invoice.lines.map((l, i) => (
              <tr key={l.sku} data-sku={l.sku}>
                <td className={td}>
                  <div className="font-medium">{l.sku}</div>
                  <div className="text-xs text-slate-500">{l.name}</div>
                  <div className="whitespace-nowrap text-xs text-slate-500">{l.sellerSkus.join("、")}</div>
                </td>
                <td className={`${td} text-right`}>{l.quantity}</td>
                <td className={td}>{cell(i, "hsCode", "海关编码", "w-28")}</td>
                <td className={td}>{cell(i, "unitValue", "申报单价", "w-20")}</td>
                <td className={td}>
                  <select
                    aria-label={`${l.sku} 币种`}
                    value={form.items[i].currency}
                    disabled={!edit}
                    onChange={(e) => setItem(i, "currency", e.target.value)}
                    className={input}
                  >
                    {invoice.currencies.map((c) => (
                      <option key={c}>{c}</option>
                    ))}
                  </select>
                </td>
                <td className={td}>{cell(i, "nameEn", "英文品名", "w-40")}</td>
                <td className={td}>{cell(i, "nameCn", "中文品名", "w-28")}</td>
                <td className={td}>{cell(i, "material", "材质", "w-20")}</td>
                <td className={td}>{cell(i, "purpose", "用途", "w-20")}</td>
                <td className={`${td} text-right`}>{l.amount === null ? unknown : money(l.amount, l.currency)}</td>
                <td className={`${td} text-right`}>{kg(l.netWeight)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot className="font-semibold">
            <tr data-testid="invoice-total">
              <td className={td}>合计</td>
              <td className={`${td} text-right`}>{invoice.quantity}</td>
              <td className={td} colSpan={7}>
                毛重(kg)：{kg(invoice.grossWeight)}
              </td>
              <td className={`${td} text-right`}>
                {money(invoice.amount, invoice.currency)}
              </td>
              <td className={`${td} text-right`}>{kg(invoice.netWeight)}</td>
            </tr>
          </tfoot>
        </table>
      </div>
      {problem && (
        <p role="alert" className="text-sm text-red-700">
          {problem}
        </p>
      )}
      <div className="flex flex-wrap items-center gap-2">
        {edit && (
          <button type="submit" className={button} disabled={busy}>
            {busy ? "保存中..." : "保存"}
          </button>
        )}
        <button type="button" className={plain} disabled={!ready} onClick={() => window.open(invoicePrintUrl(invoice.shipmentId), "_blank", "noopener")}>
          打印发票
        </button>
        <button type="button" className={plain} disabled={!ready} onClick={exportXlsx}>
          导出Excel
        </button>
        {!ready && <span className="text-xs text-slate-500">填写完整并保存后可打印和导出</span>}
      </div>
    </form>
  );
}
