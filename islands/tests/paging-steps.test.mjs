// 下一页 and 上一页 on a real list ask the page beside the one shown next to its rows: the demo's 币种 (11 items)
// in 系统 > 基础设置 > 数据字典, 10 to a page, stepped 1 -> 2 -> 1 -> 2 with the pager's arrows and page buttons.
// Each step's call names the row it starts from (after the last row shown, before the first), and the rows it
// shows are those of the page's number; 前往 jumps by the number alone.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { ADMIN_ACCOUNT, ADMIN_PASSWORD, closeBrowser, getBrowser, newPage, startServer } from "./harness.mjs";
import { openFromRail, signInToShell, tabFrame, tableLoaded } from "./shell.mjs";

const TAB = "数据字典";
const ITEMS_CALL = "/admin/api/v1/dict-items/page";
// The seeded currencies' codes (字典项值) in their 排序 order.
const CODES = ["USD", "GBP", "EUR", "JPY", "CNY", "CAD", "INR", "AUD", "MXN", "SEK", "PLN"];

const items = (frame) => frame.getByRole("region", { name: "字典项", exact: true });
const pager = (region) => region.getByRole("navigation", { name: "分页" });

before(() => getBrowser());
after(() => closeBrowser());

describe("分页: 下一页 and 上一页 next to the rows shown", () => {
  let server;
  let page;
  let frame;
  let first; // page 1 as the dictionary's click loaded it

  /** Runs act and answers the query of the dict-items/page call it makes for page n, with the rows' ids. */
  async function step(n, act) {
    const loaded = page.waitForResponse((r) => {
      const u = new URL(r.url());
      return u.pathname === ITEMS_CALL && u.searchParams.get("dictCode") === "currency" && u.searchParams.get("page") === String(n);
    });
    await act();
    const response = await loaded;
    const answer = await response.json();
    const q = new URL(response.url()).searchParams;
    await tableLoaded(items(frame));
    return { after: q.get("after"), before: q.get("before"), ids: answer.data.map((r) => r.id) };
  }

  /** The 字典项值 column of the rows shown. */
  async function codes() {
    const region = items(frame);
    await tableLoaded(region);
    const col = (await region.locator("thead th").allTextContents()).findIndex((t) => t.includes("字典项值"));
    return region.locator("tbody tr").evaluateAll((trs, i) => trs.map((tr) => tr.cells[i].textContent.trim()), col);
  }

  before(async () => {
    server = await startServer();
    page = await newPage(server);
    await signInToShell(page, { account: ADMIN_ACCOUNT, password: ADMIN_PASSWORD });
    await openFromRail(page, "系统", TAB);
    frame = await tabFrame(page, TAB);
    first = await step(1, () => frame.getByRole("region", { name: "字典", exact: true }).locator("tbody tr", { hasText: "币种" }).first().getByRole("cell", { name: "币种", exact: true }).click());
  });
  after(async () => {
    const errors = page?.scriptErrors ?? [];
    await page?.context().close();
    await server?.stop();
    assert.deepEqual(errors.map((e) => e.message), [], "no script errors on the page");
  });

  it("steps forward after the last row shown and back before the first, showing each page's rows", async () => {
    assert.deepEqual([first.after, first.before], [null, null]);
    assert.deepEqual(await codes(), CODES.slice(0, 10));
    const second = await step(2, () => pager(items(frame)).getByRole("button", { name: "下一页" }).click());
    assert.deepEqual([second.after, second.before], [first.ids[9], null], "下一页 names the last row shown");
    assert.deepEqual(await codes(), CODES.slice(10));
    const back = await step(1, () => pager(items(frame)).getByRole("button", { name: "上一页" }).click());
    assert.deepEqual([back.after, back.before], [null, second.ids[0]], "上一页 names the first row shown");
    assert.deepEqual(await codes(), CODES.slice(0, 10));
    const button = await step(2, () => pager(items(frame)).getByRole("button", { name: "2", exact: true }).click());
    assert.deepEqual([button.after, button.before], [first.ids[9], null], "the neighbouring page's button steps too");
    assert.deepEqual(await codes(), CODES.slice(10));
  });

  it("jumps with 前往 by the page number alone", async () => {
    await step(1, () => pager(items(frame)).getByRole("button", { name: "1", exact: true }).click());
    const jump = await step(2, async () => {
      await pager(items(frame)).getByRole("textbox", { name: "页码" }).fill("2");
      await pager(items(frame)).getByRole("textbox", { name: "页码" }).press("Enter");
    });
    assert.deepEqual([jump.after, jump.before], [null, null]);
    assert.deepEqual(await codes(), CODES.slice(10));
  });
});
