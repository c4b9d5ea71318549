import { money } from "../lib/money.js";

// The calculator's answer: each figure in the marketplace's currency and CNY, the margin and ROI, and what they
// were read from (size tier, shipping weight, referral rate, the exchange rate and its month).
export default function Result({ result, busy }) {
  if (!result) {
    return (
      <div className="rounded-md border border-dashed border-slate-300 p-6 text-sm text-slate-500 dark:border-slate-600 dark:text-slate-400">
        {busy ? "计算中..." : "填写售价、成本、尺寸和重量后按“计算”（或回车）查看利润。"}
      </div>
    );
  }
  const r = result;
  const rows = [
    ["售价", r.price],
    ...(r.taxName ? [[r.taxName, r.tax]] : []),
    [`销售佣金（${r.referralPercent}%）`, r.referral],
    [`FBA配送费（${r.tierName}）`, r.fulfilment],
    ["采购成本+头程", r.cost],
  ];
  return (
    <section aria-label="计算结果" aria-busy={busy} className="text-sm">
      <table className="w-full border-collapse">
        <thead>
          <tr className="border-b border-slate-200 text-left text-slate-500 dark:border-slate-700">
            <th className="py-1 font-normal">项目</th>
            <th className="py-1 text-right font-normal">{r.currency}</th>
            <th className="py-1 text-right font-normal">CNY</th>
          </tr>
        </thead>
        <tbody>
          {rows.map(([label, v]) => (
            <tr key={label} className="border-b border-slate-100 dark:border-slate-800">
              <td className="py-1">{label}</td>
              <td className="py-1 text-right tabular-nums">{money(v.local, r.currency)}</td>
              <td className="py-1 text-right tabular-nums">{money(v.cny, "CNY")}</td>
            </tr>
          ))}
          <tr className="font-semibold">
            <td className="py-1">利润</td>
            <td className="py-1 text-right tabular-nums" data-testid="profit-local">
              {money(r.profit.local, r.currency)}
            </td>
            <td className="py-1 text-right tabular-nums" data-testid="profit-cny">
              {money(r.profit.cny, "CNY")}
            </td>
          </tr>
        </tbody>
      </table>
      <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-1">
        <dt className="text-slate-500">利润率</dt>
        <dd data-testid="margin">{r.margin}%</dd>
        <dt className="text-slate-500">投资回报率（ROI）</dt>
        <dd data-testid="roi">{r.roi ? `${r.roi}%` : "—（无成本）"}</dd>
        <dt className="text-slate-500">尺寸分段</dt>
        <dd data-testid="tier">{r.tierName}</dd>
        <dt className="text-slate-500">计费重量</dt>
        <dd>
          {r.shippingWeight} {r.weightUnit}
        </dd>
        <dt className="text-slate-500">汇率</dt>
        <dd>
          1 {r.currency} = {r.rate} CNY（{r.rateMonth ? `${r.rateMonth}起` : "默认汇率"}）
        </dd>
      </dl>
    </section>
  );
}
