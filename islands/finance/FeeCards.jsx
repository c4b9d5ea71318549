// 利润 › FBA费用: the fee card a marketplace had on a day, as the profit calculator and the claims audit read it:
// the fulfilment fee of each size tier by shipping weight and price band, the referral rates by category, and the
// marketplace's cards with the day each took effect and its source. The fee table exports.
import { useEffect, useState } from "react";
import { api, download } from "../lib/api.js";
import { toast } from "../lib/toast.js";
import { AMZ, input, plainButton } from "./shared.js";

const today = () => new Date(Date.now() + 8 * 3600 * 1000).toISOString().slice(0, 10);
const cellHead = "whitespace-nowrap px-3 py-2 font-medium";
const cell = "px-3 py-1.5 align-top";

export default function FeeCards() {
  const [query, setQuery] = useState({ marketplace: "US", day: today() });
  const [card, setCard] = useState(null);
  const [error, setError] = useState("");
  const [loading, setLoading] = useState(true);
  const [markets, setMarkets] = useState([]); // kept from the last answer, for a day without a card

  useEffect(() => {
    let live = true;
    setLoading(true);
    api(`${AMZ}/profitCalc/feeCard`, { query })
      .then(({ data }) => live && (setCard(data), setMarkets(data.marketplaces), setError("")))
      .catch((e) => live && (setError(e.message), setCard(null)))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [query.marketplace, query.day]);

  const exportCard = () => download(`${AMZ}/profitCalc/feeCard/export`, { query }).catch((e) => toast(e.message, "error"));

  return (
    <section aria-label="FBA费用" className="space-y-4 text-sm">
      <form className="flex flex-wrap items-center gap-2" onSubmit={(e) => e.preventDefault()}>
        <select aria-label="站点" className={input} value={query.marketplace} onChange={(e) => setQuery({ ...query, marketplace: e.target.value })}>
          {(markets.length ? markets : [{ code: query.marketplace, name: query.marketplace }]).map((m) => (
            <option key={m.code} value={m.code}>
              {m.name}
            </option>
          ))}
        </select>
        <label className="flex items-center gap-1">
          费用日期
          <input type="date" aria-label="费用日期" className={input} value={query.day} onChange={(e) => e.target.value && setQuery({ ...query, day: e.target.value })} />
        </label>
        <button type="button" className={plainButton} onClick={exportCard} disabled={!card}>
          导出
        </button>
        {loading && (
          <span role="status" className="text-slate-500">
            加载中...
          </span>
        )}
      </form>
      {error && (
        <p role="alert" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-200">
          {error}：请换一个日期或站点。
        </p>
      )}
      {card && (
        <>
          <div className="rounded-md border border-slate-200 p-3 dark:border-slate-700">
            <p>
              <span className="font-semibold">{card.name}站费用表</span>（{card.currency}）：{card.effectiveNote}
            </p>
            <p className="mt-1 text-slate-600 dark:text-slate-300">
              尺寸单位 {card.lengthUnit}，重量单位 {card.weightUnit}
              {card.dimDivisor && `，体积重 = 长×宽×高 ÷ ${card.dimDivisor}`}
              {card.tax && `，${card.taxName} ${card.tax}（已含在售价中）`}
            </p>
            {card.cards.length > 1 && (
              <ul className="mt-2 list-inside list-disc text-slate-600 dark:text-slate-300" aria-label="历次费用表">
                {card.cards.map((c) => (
                  <li key={c.effective} className={c.shown ? "font-semibold text-slate-900 dark:text-slate-100" : ""}>
                    {c.effective || "未注明生效日期"}：{c.note}
                    {c.shown && "（当前显示）"}
                  </li>
                ))}
              </ul>
            )}
          </div>
          <div className="overflow-x-auto rounded-md border border-slate-200 dark:border-slate-700">
            <table className="min-w-full text-left" aria-label="配送费">
              <caption className="px-3 py-2 text-left font-semibold">FBA配送费（每件，{card.currency}）</caption>
              <thead className="bg-slate-50 dark:bg-slate-800">
                <tr>
                  <th className={cellHead}>尺寸分段</th>
                  <th className={cellHead}>尺寸与重量限制</th>
                  <th className={cellHead}>发货重量</th>
                  {card.priceBands.map((b) => (
                    <th key={b} className={`${cellHead} text-right`}>
                      {b}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100 dark:divide-slate-700">
                {card.fees.map((r, i) => (
                  <tr key={i} className={r.limits ? "border-t-2 border-slate-200 dark:border-slate-600" : ""}>
                    <td className={`${cell} whitespace-nowrap`}>{r.limits ? r.tier : ""}</td>
                    <td className={`${cell} min-w-48 text-slate-600 dark:text-slate-300`}>{r.limits}</td>
                    <td className={`${cell} whitespace-nowrap`}>{r.weight}</td>
                    {r.fees.map((f, j) => (
                      <td key={j} className={`${cell} text-right tabular-nums`}>
                        {f}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <div className="overflow-x-auto rounded-md border border-slate-200 dark:border-slate-700">
            <table className="min-w-full text-left" aria-label="销售佣金">
              <caption className="px-3 py-2 text-left font-semibold">
                销售佣金（每件最低 {card.minReferral} {card.currency}
                {card.rise && `；${card.rise}`}）
              </caption>
              <thead className="bg-slate-50 dark:bg-slate-800">
                <tr>
                  <th className={cellHead}>品类</th>
                  <th className={cellHead}>佣金比例</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100 dark:divide-slate-700">
                {card.referrals.map((r) => (
                  <tr key={r.code}>
                    <td className={`${cell} whitespace-nowrap`}>{r.name}</td>
                    <td className={cell}>{r.rates}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}
