// 资金账户: the company's accounts with their balances (their currency and CNY), the movements in and out of them
// (typed or imported from .xlsx, exportable), voided after a confirmation, and matched: an income to the Amazon
// settlement it is the deposit of, an expense to the 付款申请 it paid.
import { useEffect, useRef, useState } from "react";
import { api } from "../lib/api.js";
import { ask } from "../lib/confirm.js";
import FormDialog from "../lib/FormDialog.jsx";
import ImportDialog from "../lib/ImportDialog.jsx";
import { money } from "../lib/money.js";
import { can } from "../lib/permissions.js";
import { toast } from "../lib/toast.js";
import DataTable from "../table/DataTable.jsx";
import { ERP, button, plainButton } from "./shared.js";

const EDIT = "erp:finance:account:edit";
const KINDS = [
  ["bank", "银行账户"],
  ["payoneer", "Payoneer"],
  ["worldfirst", "WorldFirst"],
  ["alipay", "支付宝"],
  ["cash", "现金"],
];
const CURRENCIES = ["CNY", "USD", "EUR", "GBP", "JPY", "CAD", "AUD", "MXN", "SEK", "PLN", "SGD"];
const CATEGORIES = [
  ["settlement", "亚马逊回款"],
  ["payment", "采购付款"],
  ["transfer", "转账"],
  ["exchange", "结汇"],
  ["fee", "手续费"],
  ["other", "其他"],
];
const head = "whitespace-nowrap px-3 py-2 font-medium";
const num = "whitespace-nowrap px-3 py-1.5 text-right tabular-nums";
const today = () => new Date(Date.now() + 8 * 3600 * 1000).toISOString().slice(0, 10);

export default function Funds({ permissions }) {
  const [accounts, setAccounts] = useState(null);
  const [totalCny, setTotalCny] = useState("0.00");
  const [shown, setShown] = useState("");
  const [form, setForm] = useState(null); // "account", {account}, "movement" or "import"
  const [matching, setMatching] = useState(null);
  const [version, setVersion] = useState(0);
  const editor = can(permissions, EDIT);

  const load = () =>
    api(`${ERP}/fund/accounts`, { method: "POST", body: {} })
      .then(({ data }) => {
        setAccounts(data.accounts);
        setTotalCny(data.totalCny);
      })
      .catch((e) => toast(e.message, "error"));
  useEffect(() => {
    load();
  }, []);
  const changed = () => {
    load();
    setVersion((v) => v + 1);
  };

  const accountFields = (editing) => [
    { name: "name", label: "账户名称", required: true },
    { name: "kind", label: "账户类型", options: KINDS, default: "bank" },
    { name: "currency", label: "币种", options: CURRENCIES.map((c) => [c, c]), default: "USD", hint: editing ? "已有流水的账户不能修改币种" : undefined },
    { name: "number", label: "账号" },
    { name: "openingBalance", label: "期初余额", default: "0.00" },
    { name: "openingDate", label: "期初日期", type: "date", default: today() },
    { name: "remark", label: "备注" },
  ];

  const voidMovement = {
    label: "作废",
    permission: EDIT,
    danger: true,
    when: (row) => !row.voided,
    run: async (row, done) => {
      const amount = row.income ? `收入 ${money(Number(row.income), row.currency)}` : `支出 ${money(Number(row.expense), row.currency)}`;
      const question = {
        title: `作废 ${row.date} ${row.accountName} 的流水`,
        message: `${amount}将不再计入账户余额${row.matched ? `，并取消与${row.matched}的匹配` : ""}。作废后不能恢复。`,
        action: "作废",
        danger: true,
      };
      if (!(await ask(question))) return;
      try {
        await api(`${ERP}/fund/movement/void`, { method: "POST", body: { id: row.id } });
        toast("已作废");
        load();
        done();
      } catch (e) {
        toast(e.message, "error");
      }
    },
  };
  const match = { label: "匹配", permission: EDIT, when: (row) => !row.voided && !row.matched, run: (row) => setMatching(row) };
  const unmatch = {
    label: "取消匹配",
    permission: EDIT,
    when: (row) => !row.voided && !!row.matched,
    run: async (row, done) => {
      if (!(await ask({ title: `取消与${row.matched}的匹配？`, action: "取消匹配" }))) return;
      try {
        await api(`${ERP}/fund/unmatch`, { method: "POST", body: { movementId: row.id } });
        toast("已取消匹配");
        done();
      } catch (e) {
        toast(e.message, "error");
      }
    },
  };

  return (
    <section aria-label="资金账户" className="space-y-4 text-sm">
      <div className="flex flex-wrap items-center gap-2">
        {editor && (
          <>
            <button type="button" className={button} onClick={() => setForm("account")}>
              新增账户
            </button>
            <button type="button" className={plainButton} disabled={!accounts?.length} onClick={() => setForm("movement")}>
              新增流水
            </button>
            <button type="button" className={plainButton} disabled={!accounts?.length} onClick={() => setForm("import")}>
              导入流水
            </button>
          </>
        )}
        <span className="ml-auto text-slate-600 dark:text-slate-300">
          合计折合人民币 <strong data-total-cny>{money(Number(totalCny), "CNY")}</strong>
        </span>
      </div>
      {accounts === null ? (
        <p className="text-slate-500 dark:text-slate-400">加载中...</p>
      ) : accounts.length === 0 ? (
        <p className="rounded-md border border-dashed border-slate-300 p-4 text-slate-600 dark:border-slate-600 dark:text-slate-300">
          还没有资金账户：点“新增账户”添加公司的银行账户、Payoneer、WorldFirst、支付宝或现金账户，填写期初余额后录入或导入流水。
        </p>
      ) : (
        <div className="overflow-x-auto rounded-md border border-slate-200 dark:border-slate-700">
          <table className="min-w-full text-left" aria-label="资金账户">
            <thead className="bg-slate-50 dark:bg-slate-800">
              <tr>
                <th className={head}>账户名称</th>
                <th className={head}>类型</th>
                <th className={head}>币种</th>
                <th className={head}>账号</th>
                <th className={`${head} text-right`}>期初余额</th>
                <th className={`${head} text-right`}>流水笔数</th>
                <th className={`${head} text-right`}>余额</th>
                <th className={`${head} text-right`}>折合人民币</th>
                <th className={head}>操作</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100 dark:divide-slate-700">
              {accounts.map((a) => (
                <tr key={a.id} data-account={a.name} className={shown === a.id ? "bg-sky-50 dark:bg-slate-700" : ""}>
                  <td className="whitespace-nowrap px-3 py-1.5 font-medium">{a.name}</td>
                  <td className="whitespace-nowrap px-3 py-1.5">{a.kindName}</td>
                  <td className="px-3 py-1.5">{a.currency}</td>
                  <td className="px-3 py-1.5 text-slate-500 dark:text-slate-400">{a.number || "—"}</td>
                  <td className={num}>
                    {money(Number(a.openingBalance), a.currency)}
                    <div className="text-xs text-slate-500 dark:text-slate-400">{a.openingDate}</div>
                  </td>
                  <td className={num}>{a.movements}</td>
                  <td className={`${num} font-semibold`} data-balance>
                    {money(Number(a.balance), a.currency)}
                  </td>
                  <td className={num}>{money(Number(a.balanceCny), "CNY")}</td>
                  <td className="whitespace-nowrap px-3 py-1.5">
                    <button type="button" className="mr-3 text-sky-700 hover:underline dark:text-sky-300" onClick={() => setShown(shown === a.id ? "" : a.id)}>
                      {shown === a.id ? "全部流水" : "流水"}
                    </button>
                    {editor && (
                      <button type="button" className="text-sky-700 hover:underline dark:text-sky-300" onClick={() => setForm({ account: a })}>
                        编辑
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <p className="text-slate-500 dark:text-slate-400">余额 = 期初余额 + 未作废的收入 − 支出，精确到分；折合人民币按“汇率”中本月生效的汇率。</p>
      {accounts?.length > 0 && (
        <div>
          <h2 className="mb-2 font-semibold">
            资金流水 <span className="font-normal text-slate-500 dark:text-slate-400">{shown ? accounts.find((a) => a.id === shown)?.name : "（全部账户）"}</span>
          </h2>
          <DataTable
            key={shown}
            filters={shown ? { accountId: shown } : {}}
            queryname="fundMovementList"
            source={`${ERP}/fund/movements/page`}
            exportUrl={`${ERP}/fund/movements/export`}
            permissions={permissions}
            version={version}
            actions={[match, unmatch, voidMovement]}
            noun="笔流水"
            rowName={(row) => `${row.date} ${row.accountName}`}
            empty="还没有流水：点“新增流水”录入，或用“导入流水”从银行、Payoneer导出的明细整理后导入。"
          />
        </div>
      )}
      {form === "account" || form?.account ? (
        <FormDialog
          title={form.account ? `编辑账户 ${form.account.name}` : "新增资金账户"}
          fields={accountFields(!!form.account)}
          initial={form.account || {}}
          onSubmit={async (values) => {
            await api(`${ERP}/fund/account`, { method: "POST", body: { ...values, id: form.account?.id || "" } });
            toast("已保存");
            changed();
          }}
          onClose={() => setForm(null)}
        />
      ) : null}
      {form === "movement" && (
        <FormDialog
          title="新增资金流水"
          fields={[
            { name: "accountId", label: "账户", options: accounts.map((a) => [a.id, `${a.name}（${a.currency}）`]), default: shown || accounts[0].id },
            { name: "date", label: "日期", type: "date", default: today() },
            { name: "direction", label: "收支", options: [["in", "收入"], ["out", "支出"]], default: "in" },
            { name: "amount", label: "金额", required: true, hint: "大于0，最多2位小数，账户的币种" },
            { name: "category", label: "类型", options: CATEGORIES, default: "settlement" },
            { name: "counterparty", label: "对方" },
            { name: "remark", label: "备注" },
          ]}
          onSubmit={async (values) => {
            await api(`${ERP}/fund/movement`, { method: "POST", body: values });
            toast("已添加");
            changed();
          }}
          onClose={() => setForm(null)}
        />
      )}
      {form === "import" && (
        <ImportDialog
          title="导入资金流水"
          hint="每行一笔流水：账户名称、日期、收入或支出、类型、对方、备注；任何一行有误时整个文件都不导入。"
          templateURL={`${ERP}/fund/movements/importTemplate`}
          importURL={`${ERP}/fund/movements/import`}
          onImported={(data) => {
            toast(`已导入 ${data.count} 笔流水`);
            changed();
          }}
          onClose={() => setForm(null)}
        />
      )}
      {matching && (
        <MatchDialog
          movement={matching}
          onMatched={() => {
            setMatching(null);
            changed();
          }}
          onClose={() => setMatching(null)}
        />
      )}
    </section>
  );
}

// MatchDialog offers what a movement may be matched to: an income the unmatched settlements of its currency, an
// expense the unmatched 付款申请 of its currency, the closest in amount first.
function MatchDialog({ movement, onMatched, onClose }) {
  const dialog = useRef(null);
  const [candidates, setCandidates] = useState(null);
  const income = !!movement.income;
  useEffect(() => {
    dialog.current.showModal();
    api(`${ERP}/fund/candidates`, { method: "POST", body: { id: movement.id } })
      .then(({ data }) => setCandidates(income ? data.settlements : data.payments))
      .catch((e) => toast(e.message, "error"));
  }, [movement.id]);
  const pick = async (c) => {
    try {
      await api(`${ERP}/fund/match`, { method: "POST", body: income ? { movementId: movement.id, settlementId: c.id } : { movementId: movement.id, paymentId: c.id } });
      toast("已匹配");
      dialog.current.close();
      onMatched();
    } catch (e) {
      toast(e.message, "error");
    }
  };
  const cell = "whitespace-nowrap px-3 py-1.5";
  return (
    <dialog ref={dialog} onClose={onClose} aria-labelledby="match-title" className="m-auto w-[820px] max-w-[95vw] rounded-xl bg-white p-0 text-slate-800 shadow-xl backdrop:bg-slate-900/40 dark:bg-slate-800 dark:text-slate-100">
      <div className="p-4 text-sm sm:p-6">
        <h2 id="match-title" className="mb-1 text-lg font-semibold">
          {income ? "匹配结算回款" : "匹配付款申请"}
        </h2>
        <p className="mb-3 text-slate-600 dark:text-slate-300">
          {movement.date} {movement.accountName} {income ? `收入 ${money(Number(movement.income), movement.currency)}` : `支出 ${money(Number(movement.expense), movement.currency)}`}
          {income ? "：同币种、尚未匹配的结算，金额最接近的在前；金额不一致也可匹配，差额在结算记录中显示。" : "：同币种、待付款或已付款且尚未匹配的付款申请，金额须一致。"}
        </p>
        {candidates === null ? (
          <p>加载中...</p>
        ) : candidates.length === 0 ? (
          <p className="rounded-md border border-dashed border-slate-300 p-4 text-slate-600 dark:border-slate-600 dark:text-slate-300">
            {income ? "没有可匹配的结算：先在“数据同步”中同步结算报告。" : "没有可匹配的付款申请：先在“付款申请”中审批付款。"}
          </p>
        ) : (
          <div className="max-h-80 overflow-auto rounded-lg border border-slate-200 dark:border-slate-700">
            <table className="w-full text-left" aria-label="可匹配">
              <thead className="sticky top-0 bg-slate-50 dark:bg-slate-900">
                {income ? (
                  <tr>
                    <th className={cell}>结算编号</th>
                    <th className={cell}>店铺</th>
                    <th className={cell}>转账日期</th>
                    <th className={`${cell} text-right`}>结算总额</th>
                    <th className={`${cell} text-right`}>差额</th>
                    <th className={cell} />
                  </tr>
                ) : (
                  <tr>
                    <th className={cell}>付款单号</th>
                    <th className={cell}>采购单</th>
                    <th className={cell}>供应商</th>
                    <th className={cell}>状态</th>
                    <th className={`${cell} text-right`}>金额</th>
                    <th className={cell} />
                  </tr>
                )}
              </thead>
              <tbody className="divide-y divide-slate-100 dark:divide-slate-700">
                {candidates.map((c) => (
                  <tr key={c.id}>
                    {income ? (
                      <>
                        <td className={cell}>{c.settlementId}</td>
                        <td className={cell}>{c.groupName}</td>
                        <td className={cell}>{c.depositDate || "—"}</td>
                        <td className={`${cell} text-right tabular-nums`}>{money(Number(c.total), c.currency)}</td>
                        <td className={`${cell} text-right tabular-nums ${Number(c.difference) ? "text-red-700 dark:text-red-400" : ""}`}>{money(Number(c.difference), c.currency)}</td>
                      </>
                    ) : (
                      <>
                        <td className={cell}>{c.number}</td>
                        <td className={cell}>{c.orderNumber}</td>
                        <td className={cell}>{c.supplierName}</td>
                        <td className={cell}>{c.status}</td>
                        <td className={`${cell} text-right tabular-nums`}>{money(Number(c.amount), c.currency)}</td>
                      </>
                    )}
                    <td className={`${cell} text-right`}>
                      <button type="button" className="text-sky-700 hover:underline dark:text-sky-300" onClick={() => pick(c)}>
                        匹配
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <div className="mt-4 flex justify-end">
          <button type="button" className={plainButton} onClick={() => dialog.current.close()}>
            关闭
          </button>
        </div>
      </div>
    </dialog>
  );
}
