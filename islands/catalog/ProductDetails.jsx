// 产品详情: one product read-only — its picture, fields, costs (with their history, 成本记录), carton spec and
// paired listings — with 编辑 for those who may edit it.
import { useEffect, useState } from "react";
import { api } from "../lib/api.js";
import { money } from "../lib/money.js";
import { can } from "../lib/permissions.js";
import ProductListings from "./ProductListings.jsx";
import { CostHistory } from "./Costs.jsx";
import { ERP, Thumbnail, button, editTitle, openTab, plain } from "./shared.jsx";

const unit = (v, u) => (v ? `${v} ${u}` : "—");
const box = (l, w, h) => (l && w && h ? `${l} × ${w} × ${h} cm` : "—");

export default function ProductDetails({ id, permissions }) {
  const [p, setP] = useState(null);
  const [error, setError] = useState("");
  const [history, setHistory] = useState(false);
  useEffect(() => {
    api(`${ERP}/material/${id}`)
      .then(({ data }) => setP(data))
      .catch((e) => setError(e.message));
  }, [id]);

  if (error) return <p role="alert" className="text-sm text-red-700">{error}</p>;
  if (!p) return <p className="text-sm text-slate-500">加载中...</p>;

  const rows = [
    ["SKU", p.sku],
    ["产品名称", p.name],
    ["类型", p.kindName],
    ["状态", p.status],
    ["品牌", p.brand || "—"],
    ["分类", p.category || "—"],
    ["供应商", p.supplier || "—"],
    ["采购成本", p.price ? money(p.price, "CNY") : "—"],
    ["头程", p.firstLeg ? money(p.firstLeg, "CNY") : "—"],
    ["重量", unit(p.weight, "kg")],
    ["尺寸（长×宽×高）", box(p.length, p.width, p.height)],
    ["单箱数量", unit(p.cartonUnits, "个")],
    ["箱重", unit(p.cartonWeight, "kg")],
    ["箱子尺寸", box(p.cartonLength, p.cartonWidth, p.cartonHeight)],
    ["备注", p.remark || "—"],
    ["创建时间", p.createdAt],
    ["更新时间", p.updatedAt],
  ];
  return (
    <>
      <section aria-label="产品信息" className="flex max-w-4xl flex-wrap gap-6 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200 dark:bg-slate-800 dark:ring-slate-700">
        <Thumbnail src={p.image} size="h-40 w-40" />
        <dl className="grid flex-1 grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm sm:grid-cols-[auto_1fr_auto_1fr]">
          {rows.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="text-slate-500">{label}</dt>
              <dd className="break-all">{value}</dd>
            </div>
          ))}
        </dl>
        <div className="flex flex-col items-start gap-2">
          {can(permissions, "erp:material:edit") && (
            <button type="button" className={button} onClick={() => openTab(editTitle(p.sku), "/localproduct/editinfo", { id: p.id })}>
              编辑
            </button>
          )}
          <button type="button" className={plain} onClick={() => setHistory(true)}>
            成本记录
          </button>
        </div>
      </section>
      <ProductListings id={p.id} />
      {history && <CostHistory product={p} onClose={() => setHistory(false)} />}
    </>
  );
}
