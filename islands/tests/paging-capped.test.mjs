// The pager of a list with more rows than the server counts: with SELLERHUB_LIST_COUNT_CAP=3, the demo's 币种
// (11 items) in 系统 > 基础设置 > 数据字典 shows 共 10+ 条 on its first, full page, with 下一页 enabled and 前往
// reaching past the pages known; its last page, read short, shows the exact 共 11 条.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { ADMIN_ACCOUNT, ADMIN_PASSWORD, closeBrowser, getBrowser, newPage, startServer } from "./harness.mjs";
import { openFromRail, signInToShell, tabFrame, tableLoaded } from "./shell.mjs";

const TAB = "数据字典";
const ITEMS_CALL = "/admin/api/v1/dict-items/page";

const items = (frame) => frame.getByRole("region", { name: "字典项", exact: true });
const pager = (region) => region.getByRole("navigation", { name: "分页" });

/** What the pager shows once the table is not loading: the total, the page buttons, the current page and 下一页. */
async function pagerState(region) {
  await tableLoaded(region);
  const nav = pager(region);
  return {
    total: (await nav.locator("span", { hasText: /^共/ }).textContent()).trim(),
    pages: (await nav.locator("button:not([aria-label])").allTextContents()).map((t) => t.trim()),
    current: (await nav.locator('[aria-current="page"]').textContent()).trim(),
    next: await nav.getByRole("button", { name: "下一页" }).isEnabled(),
  };
}

before(() => getBrowser());
after(() => closeBrowser());

describe("分页: 超过计数上限的列表", () => {
  let server;
  let page;
  let frame;

  /** Runs act and waits for the dict-items/page call it makes for page n. */
  async function loadPage(n, act) {
    const loaded = page.waitForResponse((r) => {
      const u = new URL(r.url());
      return u.pathname === ITEMS_CALL && u.searchParams.get("dictCode") === "currency" && u.searchParams.get("page") === String(n);
    });
    await act();
    return (await loaded).json();
  }

  before(async () => {
    server = await startServer({ env: { SELLERHUB_LIST_COUNT_CAP: "3" } });
    page = await newPage(server);
    await signInToShell(page, { account: ADMIN_ACCOUNT, password: ADMIN_PASSWORD });
    await openFromRail(page, "系统", TAB);
    frame = await tabFrame(page, TAB);
    const answer = await loadPage(1, () =>
      frame.getByRole("region", { name: "字典", exact: true }).locator("tbody tr", { hasText: "币种" }).first().getByRole("cell", { name: "币种", exact: true }).click(),
    );
    assert.deepEqual([answer.total, answer.totalCapped], [10, true], "the answer says more rows match than its total");
  });
  after(async () => {
    const errors = page?.scriptErrors ?? [];
    await page?.context().close();
    await server?.stop();
    assert.deepEqual(errors.map((e) => e.message), [], "no script errors on the page");
  });

  it("shows 共 10+ 条 on the full first page and lets 下一页 go on", async () => {
    assert.deepEqual(await pagerState(items(frame)), { total: "共 10+ 条", pages: ["1"], current: "1", next: true });
  });

  it("shows the exact 共 11 条 on the short last page, with 下一页 off", async () => {
    const answer = await loadPage(2, () => pager(items(frame)).getByRole("button", { name: "下一页" }).click());
    assert.deepEqual([answer.total, answer.totalCapped], [11, undefined]);
    assert.deepEqual(await pagerState(items(frame)), { total: "共 11 条", pages: ["1", "2"], current: "2", next: false });
  });

  it("lets 前往 jump past the pages a capped total knows", async () => {
    await loadPage(1, () => pager(items(frame)).getByRole("button", { name: "1", exact: true }).click());
    assert.deepEqual(await pagerState(items(frame)), { total: "共 10+ 条", pages: ["1"], current: "1", next: true });
    await loadPage(2, async () => {
      await pager(items(frame)).getByRole("textbox", { name: "页码" }).fill("2");
      await pager(items(frame)).getByRole("textbox", { name: "页码" }).press("Enter");
    });
    assert.deepEqual(await pagerState(items(frame)), { total: "共 11 条", pages: ["1", "2"], current: "2", next: false });
  });
});
