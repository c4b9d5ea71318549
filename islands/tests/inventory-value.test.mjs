// 存货价值 as the seeded admin (a bookkeeper) uses it: the demo's stock, moved in before this month began, is
// valued at last month's end as at today's; last month is closed (结转) after the confirmation names what is kept,
// and reads 已结转; its lines open below and export. Screenshots at 1280 and 390 px, light and dark, go to
// islands/tests/artifacts/.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { ADMIN_ACCOUNT, ADMIN_PASSWORD, artifact, closeBrowser, getBrowser, newPage, startServer } from "./harness.mjs";
import { openFromRail, signInToShell, tabFrame } from "./shell.mjs";

before(() => getBrowser());
after(() => closeBrowser());

// Months in Beijing time, as the books count them.
const beijing = new Date(Date.now() + 8 * 3600 * 1000);
const THIS = beijing.toISOString().slice(0, 7);
const firstDay = new Date(Date.UTC(beijing.getUTCFullYear(), beijing.getUTCMonth(), 1));
const LAST = new Date(firstDay.getTime() - 86400000).toISOString().slice(0, 7);

describe("存货价值", () => {
  let server;
  let page;

  before(async () => {
    server = await startServer({ env: { SELLERHUB_DEMO_DATA: "true" } });
    // The demo's stock came in before this month began (five days before its first, in UTC).
    const before = new Date(firstDay.getTime() - 5 * 86400000).toISOString().replace("T", " ").replace("Z", "");
    server.sql(`UPDATE stock_ledger SET created_at = '${before}'`);
    page = await newPage(server);
    await signInToShell(page, { account: ADMIN_ACCOUNT, password: ADMIN_PASSWORD });
  });
  after(async () => {
    await page?.context().close();
    await server?.stop();
  });

  it("values last month's end as today's, closes it, and opens its lines", async () => {
    await openFromRail(page, "财务", "存货价值");
    const view = await tabFrame(page, "存货价值");
    const months = view.getByRole("table", { name: "各月存货价值" });
    const now = months.locator(`tr[data-month="${THIS}"]`);
    const last = months.locator(`tr[data-month="${LAST}"]`);
    await now.waitFor();
    const total = async (row) => (await row.locator("[data-total]").innerText()).trim();
    const today = await total(now);
    assert.match(today, /^¥[\d,]+\.\d{2}$/);
    assert.notEqual(today, "¥0.00", "the demo's stock has a value");
    assert.equal(await total(last), today, "nothing moved since last month's end");
    assert.equal(await months.locator("tbody tr").count(), 12, "the last 12 months");
    await now.getByText("截至今日").waitFor();
    assert.equal(await now.getByRole("button", { name: "结转" }).count(), 0, "this month cannot be closed yet");

    await last.getByRole("button", { name: "结转", exact: true }).click();
    const dialog = view.getByRole("dialog");
    await dialog.getByText(`结转 ${LAST} 存货价值`).waitFor();
    await dialog.getByText(today, { exact: false }).waitFor();
    await dialog.getByRole("button", { name: "结转", exact: true }).click();
    await last.getByText("已结转").waitFor();
    assert.equal(await last.getByRole("button", { name: "结转", exact: true }).count(), 0);
    assert.equal(await total(last), today, "kept as it was");

    await last.getByRole("button", { name: "明细", exact: true }).click();
    await view.getByText(`${LAST} 月末明细`).waitFor();
    const lines = view.locator('section[aria-label="存货价值"] div:has(> h2) tbody tr');
    await lines.first().waitFor();
    await page.screenshot({ path: artifact("inventory-value.png") });
    const [download] = await Promise.all([page.waitForEvent("download"), view.getByRole("button", { name: "导出", exact: true }).click()]);
    assert.match(download.suggestedFilename(), /^存货价值_\d{4}-\d{2}-\d{2}\.xlsx$/);
  });

  for (const width of [1280, 390]) {
    for (const dark of [false, true]) {
      it(`draws at ${width} px in ${dark ? "dark" : "light"} mode`, async () => {
        const look = await newPage(server, { viewport: { width, height: 900 } });
        try {
          await look.addInitScript((on) => localStorage.setItem("dark", on ? "1" : "0"), dark);
          await signInToShell(look, { account: ADMIN_ACCOUNT, password: ADMIN_PASSWORD });
          await look.goto("/erp/finance/inventoryvalue?embed=1");
          await look.locator(`tr[data-month="${THIS}"]`).waitFor();
          await look.locator('section[aria-label="存货价值"] div:has(> h2) tbody tr').first().waitFor();
          await look.evaluate(() => document.fonts.ready);
          await look.screenshot({ path: artifact(`inventory-value-${width}-${dark ? "dark" : "light"}.png`), fullPage: true });
        } finally {
          await look.context().close();
        }
      });
    }
  }
});
