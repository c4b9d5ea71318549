// 利润配置: how a shipment's freight (头程) is spread over its units, by weight or by volume, and what each means.
// Changing it needs 编辑利润配置; everyone who may open the screen reads it.
import { useEffect, useState } from "react";
import { api } from "../lib/api.js";
import { can } from "../lib/permissions.js";
import { toast } from "../lib/toast.js";
import { AMZ, button } from "./shared.jsx";

const BASES = [
  ["weight", "按重量", "货件运费按各SKU发货件数 × 本地产品重量（kg）的占比分摊。"],
  ["volume", "按体积", "货件运费按各SKU发货件数 × 本地产品长 × 宽 × 高（cm³）的占比分摊，适合抛货。"],
];

export default function Config({ permissions }) {
  const [saved, setSaved] = useState(null);
  const [basis, setBasis] = useState("");
  const [saving, setSaving] = useState(false);
  const editable = can(permissions, "amz:profit:config:edit");

  useEffect(() => {
    api(`${AMZ}/profit/config`)
      .then(({ data }) => {
        setSaved(data);
        setBasis(data.freightBasis);
      })
      .catch((e) => toast(e.message, "error"));
  }, []);

  const save = async (e) => {
    e.preventDefault();
    setSaving(true);
    try {
      const { data } = await api(`${AMZ}/profit/config`, { method: "PUT", body: { freightBasis: basis } });
      setSaved(data);
      toast("操作成功!");
    } catch (err) {
      toast(err.message, "error");
    } finally {
      setSaving(false);
    }
  };

  if (!saved) return <p className="text-sm text-slate-500">加载中...</p>;
  return (
    <form onSubmit={save} aria-label="利润配置" className="max-w-2xl space-y-3 rounded-lg border border-slate-200 p-4 text-sm dark:border-slate-600">
      <fieldset>
        <legend className="mb-2 font-semibold">头程分摊方式</legend>
        {BASES.map(([value, label, text]) => (
          <label key={value} className="mb-2 flex items-start gap-2">
            <input type="radio" name="freightBasis" value={value} checked={basis === value} disabled={!editable} onChange={() => setBasis(value)} className="mt-1" />
            <span>
              <span className="font-medium">{label}</span>
              <span className="block text-slate-500 dark:text-slate-400">{text}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <p className="text-slate-500 dark:text-slate-400">
        缺少重量（或尺寸）的产品按货件中有数据产品的平均每件分摊，并在利润报告中提示“头程按件数分摊”。只统计已发货且填写了运费的货件。当前：{saved.basisName}
      </p>
      {editable ? (
        <button type="submit" className={button} disabled={saving || basis === saved.freightBasis}>
          保存
        </button>
      ) : (
        <p className="text-slate-500">没有编辑利润配置的权限</p>
      )}
    </form>
  );
}
