// 利润计算器 and 编辑计算方案: a product's price, cost, size and weight on a marketplace → its size tier, FBA
// fulfilment fee, referral fee, tax, profit, margin and ROI in the marketplace's currency and CNY, computed by the
// server from Amazon's fee tables (Enter in any field computes). The calculator saves the form as a new plan
// (计算方案) and lists the company's plans (打开 opens one in 编辑计算方案, 删除 asks first); 编辑计算方案 loads
// one plan, computes it and saves its changes. The 站点 list shows every marketplace: those without a fee card
// are disabled with 暂未支持.
import { useEffect, useState } from "react";
import { api } from "../lib/api.js";
import { ask } from "../lib/confirm.js";
import FormDialog from "../lib/FormDialog.jsx";
import { can } from "../lib/permissions.js";
import { openTab } from "../lib/tabs.js";
import { toast } from "../lib/toast.js";
import DataTable from "../table/DataTable.jsx";
import Result from "./Result.jsx";
import { AMZ, button, input, plainButton } from "./shared.js";

const EMPTY = { marketplace: "US", category: "", price: "", unitCost: "", firstLeg: "", length: "", width: "", height: "", weight: "", taxRegistered: true };

// The fields 计算 cannot do without, in the order the server checks them, with its words. The server checks
// everything; naming an empty field here first spares the request, and the failed (400) request the browser
// would log in the console for an empty form.
const REQUIRED = [
  ["category", "请选择品类"],
  ["price", "售价不能为空"],
  ["unitCost", "采购成本不能为空"],
  ["length", "长不能为空"],
  ["width", "宽不能为空"],
  ["height", "高不能为空"],
  ["weight", "重量不能为空"],
];

const NUMBERS = [
  ["length", "长（cm）"],
  ["width", "宽（cm）"],
  ["height", "高（cm）"],
  ["weight", "重量（kg）"],
];

export default function Calculator({ permissions, planId }) {
  const [markets, setMarkets] = useState(null);
  const [values, setValues] = useState(EMPTY);
  const [name, setName] = useState("");
  const [result, setResult] = useState(null);
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  const [naming, setNaming] = useState(false);
  const [version, setVersion] = useState(0);
  const [missing, setMissing] = useState(false);

  const compute = async (v = values) => {
    setBusy(true);
    setError("");
    try {
      const { data } = await api(`${AMZ}/profitCalc/compute`, { method: "POST", body: v });
      setResult(data);
    } catch (e) {
      setError(e.message);
      setResult(null);
    } finally {
      setBusy(false);
    }
  };

  useEffect(() => {
    api(`${AMZ}/profitCalc/options`)
      .then(({ data }) => setMarkets(data))
      .catch((e) => setError(e.message));
  }, []);

  useEffect(() => {
    if (!planId) return;
    api(`${AMZ}/profitPlan/${planId}`)
      .then(({ data }) => {
        setName(data.name);
        setValues({ ...EMPTY, ...data.input });
        compute({ ...EMPTY, ...data.input });
      })
      .catch((e) => {
        setMissing(true);
        setError(e.message);
      });
  }, [planId]);

  if (!markets || (planId && !name && !missing)) return <p className="text-sm text-slate-500">加载中...</p>;
  if (missing) return <p role="alert" className="text-sm text-red-700">{error}</p>;

  const market = markets.find((m) => m.code === values.marketplace && m.supported) || markets.find((m) => m.supported);
  const set = (field) => (e) => setValues((v) => ({ ...v, [field]: e.target.type === "checkbox" ? e.target.checked : e.target.value }));
  const changeMarket = (e) => setValues((v) => ({ ...v, marketplace: e.target.value, category: "" }));

  const submit = (e) => {
    e.preventDefault();
    const empty = REQUIRED.find(([key]) => String(values[key] ?? "").trim() === "");
    if (empty) {
      setError(empty[1]);
      setResult(null);
      e.currentTarget.elements[empty[0]]?.focus();
      return;
    }
    compute();
  };

  const savePlan = async (planName) => {
    const body = { name: planName, input: values };
    if (planId) await api(`${AMZ}/profitPlan/${planId}`, { method: "PUT", body });
    else await api(`${AMZ}/profitPlan`, { method: "POST", body });
    toast("操作成功!");
    setVersion((n) => n + 1);
  };

  const saveHere = async () => {
    try {
      await savePlan(name);
    } catch (e) {
      setError(e.message);
    }
  };

  const remove = async (row, refresh) => {
    if (!(await ask({ title: `删除计算方案“${row.name}”`, message: "删除后不可恢复。", action: "删除", danger: true }))) return;
    try {
      await api(`${AMZ}/profitPlan/${row.id}`, { method: "DELETE" });
      toast("操作成功!");
      refresh();
    } catch (e) {
      toast(e.message, "error");
    }
  };

  const field = "mt-1 block w-full " + input;
  return (
    <div className="space-y-6">
      <div className="grid gap-6 lg:grid-cols-2">
        <form onSubmit={submit} noValidate aria-label="计算条件" className="space-y-3 text-sm">
          {planId && (
            <label className="block">
              方案名称<span className="text-red-600"> *</span>
              <input name="name" className={field} value={name} maxLength={50} onChange={(e) => setName(e.target.value)} />
            </label>
          )}
          <div className="grid grid-cols-2 gap-3">
            <label className="block">
              站点
              <select name="marketplace" className={field} value={values.marketplace} onChange={changeMarket}>
                {markets.map((m) =>
                  m.supported ? (
                    <option key={m.code} value={m.code}>
                      {m.name}（{m.code}，{m.currency}）
                    </option>
                  ) : (
                    <option key={m.code} value={m.code} disabled>
                      {m.name}（{m.code}）暂未支持
                    </option>
                  ),
                )}
              </select>
            </label>
            <label className="block">
              品类
              <select name="category" className={field} value={values.category} onChange={set("category")}>
                <option value="">请选择品类</option>
                {market.categories.map((c) => (
                  <option key={c.code} value={c.code}>
                    {c.name}
                  </option>
                ))}
              </select>
            </label>
            <label className="block">
              售价（{market.currency}）
              <input name="price" inputMode="decimal" className={field} value={values.price} onChange={set("price")} placeholder={market.taxName ? `含${market.taxName}` : ""} />
            </label>
            <label className="block">
              采购成本（CNY）
              <input name="unitCost" inputMode="decimal" className={field} value={values.unitCost} onChange={set("unitCost")} />
            </label>
            <label className="block">
              头程运费（CNY/件）
              <input name="firstLeg" inputMode="decimal" className={field} value={values.firstLeg} onChange={set("firstLeg")} placeholder="可不填" />
            </label>
            {NUMBERS.map(([key, label]) => (
              <label key={key} className="block">
                {label}
                <input name={key} inputMode="decimal" className={field} value={values[key]} onChange={set(key)} />
              </label>
            ))}
          </div>
          {market.taxName && (
            <label className="flex items-center gap-2">
              <input type="checkbox" name="taxRegistered" checked={values.taxRegistered} onChange={set("taxRegistered")} />
              已注册{market.taxName}（从含税售价中扣除{market.taxName}）
            </label>
          )}
          <p className="text-xs text-slate-500 dark:text-slate-400">费率依据：{market.cardNote}</p>
          {error && (
            <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-red-700">
              {error}
            </p>
          )}
          <div className="flex gap-2">
            <button type="submit" className={button} disabled={busy}>
              {busy ? "计算中..." : "计算"}
            </button>
            {planId
              ? can(permissions, "amz:profit:plan:edit") && (
                  <button type="button" className={plainButton} onClick={saveHere}>
                    保存方案
                  </button>
                )
              : can(permissions, "amz:profit:plan:add") && (
                  <button type="button" className={plainButton} onClick={() => setNaming(true)}>
                    保存为方案
                  </button>
                )}
          </div>
        </form>
        <Result result={result} busy={busy} />
      </div>
      {!planId && (
        <section aria-label="计算方案">
          <h2 className="mb-2 text-base font-semibold text-slate-900 dark:text-white">计算方案</h2>
          <form id="plan-filter" className="mb-2 flex flex-wrap items-center gap-2">
            <input name="name" aria-label="按名称查找方案" placeholder="方案名称" className={`w-48 ${input}`} />
            <button type="submit" className={button}>
              查询
            </button>
          </form>
          <DataTable
            queryname="profitPlanList"
            source={`${AMZ}/profitPlan/page`}
            exportUrl={`${AMZ}/profitPlan/export`}
            filterForm="plan-filter"
            permissions={permissions}
            version={version}
            noun="方案"
            rowName={(row) => row.name}
            actions={[
              { label: "打开", run: (row) => openTab("编辑计算方案", "/a/p/c", { id: row.id }) },
              { label: "删除", permission: "amz:profit:plan:delete", danger: true, run: remove },
            ]}
          />
        </section>
      )}
      {naming && (
        <FormDialog
          title="保存为计算方案"
          fields={[{ name: "name", label: "方案名称", required: true, placeholder: "如：手机壳-美国站" }]}
          onSubmit={(v) => savePlan(v.name.trim())}
          onClose={() => setNaming(false)}
        />
      )}
    </div>
  );
}
