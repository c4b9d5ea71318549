// What a 利润报告 line (or the whole query) lacks, in words, each opening the screen that fixes it in a tab:
// 未配对 → SKU配对, 缺采购成本 → 本地产品, 缺费用预估 → 数据同步. 未结算（预估） has no fix but time: words only.
import { openTab } from "../lib/tabs.js";

const SCREENS = {
  unpaired: ["SKU配对", "/amazon/listing/relation"],
  cost: ["本地产品", "/erp/material/localproduct"],
  feeEstimate: ["数据同步", "/amazon/datasync"],
};

// MARGIN_GAPS are the gaps that leave a line without a margin (a cost or fees missing).
export const MARGIN_GAPS = new Set(["unpaired", "cost", "feeEstimate"]);

const link = "text-amber-800 underline decoration-dotted hover:text-amber-950 dark:text-amber-300 dark:hover:text-amber-100";

// Gaps lists gaps ({code, text, lines}) in words, joined by ，, each with a screen a button that opens it.
export function Gaps({ gaps }) {
  return gaps.map((g, i) => {
    const screen = SCREENS[g.code];
    return (
      <span key={g.code}>
        {i > 0 && "，"}
        {screen ? (
          <button type="button" className={link} title={`前往${screen[0]}`} onClick={() => openTab(screen[0], screen[1])}>
            {g.text}
          </button>
        ) : (
          <span className="text-amber-700 dark:text-amber-400">{g.text}</span>
        )}
      </span>
    );
  });
}

// Incomplete is the query's summary as a banner, 不完整： then the gaps with their counts; nothing when complete.
export function Incomplete({ summary }) {
  if (!summary?.gaps?.length) return null;
  return (
    <p
      role="status"
      aria-label="报告完整性"
      className="mb-2 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-200 dark:bg-amber-950 dark:text-amber-100 dark:ring-amber-800"
    >
      <strong className="font-semibold">不完整：</strong>
      <Gaps gaps={summary.gaps} />
      <span className="ml-2 text-xs text-amber-800 dark:text-amber-300">
        （共 {summary.lines} 行；缺成本或费用的行及其合计不显示利润率）
      </span>
    </p>
  );
}
