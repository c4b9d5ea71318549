// 汇率: each currency's rate to CNY in force this month (the month it was set for, or 默认汇率), in the table
// island; 编辑汇率 sets a month's rate in a dialog (it holds from that month until the next month that has one);
// 历史 lists the months the company set for the currency, where a month's rate can be deleted.
import { useState } from "react";
import { api } from "../lib/api.js";
import { ask } from "../lib/confirm.js";
import FormDialog from "../lib/FormDialog.jsx";
import { toast } from "../lib/toast.js";
import DataTable from "../table/DataTable.jsx";
import { ERP, button, input, thisMonth } from "./shared.js";

const FIELDS = [
  { name: "currency", label: "币种", readOnly: true },
  { name: "month", label: "月份", type: "month", required: true, hint: "从该月起生效，直到下一个设置了汇率的月份" },
  { name: "rate", label: "汇率（1单位外币折合人民币）", required: true, placeholder: "如：7.1" },
];

export default function Rates({ permissions }) {
  const [form, setForm] = useState(null);
  const [history, setHistory] = useState(null);
  const [version, setVersion] = useState(0);

  const save = async (v) => {
    await api(`${ERP}/exchangeRate`, { method: "PUT", body: { currency: v.currency, month: v.month, rate: v.rate.trim() } });
    toast("操作成功!");
    setVersion((n) => n + 1);
  };

  const remove = async (row, refresh) => {
    const question = { title: `删除${row.currency} ${row.month}的汇率`, message: "删除后该月起使用之前月份的汇率（没有则用默认汇率）。", action: "删除", danger: true };
    if (!(await ask(question))) return;
    try {
      await api(`${ERP}/exchangeRate/${row.id}`, { method: "DELETE" });
      toast("操作成功!");
      refresh();
      setVersion((n) => n + 1);
    } catch (e) {
      toast(e.message, "error");
    }
  };

  return (
    <section aria-label="汇率">
      <form id="rate-filter" className="mb-2 flex flex-wrap items-center gap-2">
        <input name="currency" aria-label="按币种查找" placeholder="币种，如USD或美元" className={`w-48 ${input}`} />
        <button type="submit" className={button}>
          查询
        </button>
      </form>
      <DataTable
        queryname="exchangeRateList"
        source={`${ERP}/exchangeRate/page`}
        exportUrl={`${ERP}/exchangeRate/export`}
        filterForm="rate-filter"
        permissions={permissions}
        version={version}
        noun="币种"
        actions={[
          { label: "编辑汇率", permission: "erp:finance:rate:edit", when: (row) => row.currency !== "CNY", run: (row) => setForm(row) },
          { label: "历史", when: (row) => row.currency !== "CNY", run: (row) => setHistory(row) },
        ]}
      />
      {history && (
        <section aria-label={`${history.currency}汇率历史`} className="mt-6">
          <h2 className="mb-2 text-base font-semibold text-slate-900 dark:text-white">
            {history.currency}（{history.name}）汇率历史
          </h2>
          <DataTable
            key={history.currency}
            queryname="exchangeRateHistory"
            source={`${ERP}/exchangeRate/history`}
            exportUrl={`${ERP}/exchangeRate/history/export`}
            filters={{ currency: history.currency }}
            permissions={permissions}
            version={version}
            noun="月份"
            actions={[{ label: "删除", permission: "erp:finance:rate:edit", danger: true, run: remove }]}
          />
        </section>
      )}
      {form && (
        <FormDialog
          title={`编辑汇率 ${form.currency}（${form.name}）`}
          fields={FIELDS}
          initial={{ currency: form.currency, month: thisMonth(), rate: form.rate }}
          onSubmit={save}
          onClose={() => setForm(null)}
        />
      )}
    </section>
  );
}
