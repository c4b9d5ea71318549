// 利润 › FBA费用 as the seeded admin uses it: the US card of today with its three price bands and the small
// standard tier's first fee; 日本 switches to the yen card (one fee column, consumption tax); a day before the US
// card took effect says there is no card, and another day brings it back; the fee table exports. No console or
// page error. Screenshots at 1280 and 390 px, light and dark, go to islands/tests/artifacts/.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { ADMIN_ACCOUNT, ADMIN_PASSWORD, artifact, closeBrowser, getBrowser, newPage, startServer } from "./harness.mjs";
import { openFromRail, signInToShell, tabFrame } from "./shell.mjs";

before(() => getBrowser());
after(() => closeBrowser());

describe("FBA费用", () => {
  let server;
  let page;
  const consoleErrors = [];

  before(async () => {
    server = await startServer();
    page = await newPage(server);
    // A refused day answers 400 on purpose; the browser logs that response as an error, nothing else may.
    page.on("console", (m) => m.type() === "error" && !m.text().includes("400") && consoleErrors.push(`${m.text()} @ ${m.location().url}`));
    await signInToShell(page, { account: ADMIN_ACCOUNT, password: ADMIN_PASSWORD });
  });
  after(async () => {
    const errors = page?.scriptErrors ?? [];
    await page?.context().close();
    await server?.stop();
    assert.deepEqual(errors.map((e) => e.message), [], "no page errors");
    assert.deepEqual(consoleErrors, [], "no console errors");
  });

  const theme = async (dark) => {
    for (const frame of page.frames()) await frame.evaluate((on) => document.documentElement.classList.toggle("dark", on), dark);
  };

  it("reads the US card, switches to Japan, is told of a day without a card, and exports", async () => {
    await openFromRail(page, "财务", "FBA费用");
    const view = await tabFrame(page, "FBA费用");
    const fees = view.getByRole("table", { name: "配送费" });
    await fees.locator("tbody tr").first().waitFor();
    const heads = await fees.locator("thead th").allInnerTexts();
    assert.deepEqual(heads.slice(3), ["售价 ≤ 9.99", "售价 9.99–50", "售价 > 50"]);
    const first = await fees.locator("tbody tr").first().locator("td").allInnerTexts();
    assert.deepEqual(first.map((t) => t.trim()), ["小号标准尺寸", "边长 ≤ 15×12×0.75 in，商品重量 ≤ 1 lb", "≤ 0.125 lb", "2.43", "3.32", "3.58"]);
    await view.getByText("美国站费用表").waitFor();
    const referrals = view.getByRole("table", { name: "销售佣金" });
    await referrals.getByRole("row", { name: /电子配件/ }).getByText("100以内的部分 15%；超过100的部分 8%").waitFor();

    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 800 });
      for (const dark of [false, true]) {
        await theme(dark);
        await page.screenshot({ path: artifact(`fee-cards-${width}-${dark ? "dark" : "light"}.png`), fullPage: true });
      }
    }
    await theme(false);
    await page.setViewportSize({ width: 1280, height: 800 });

    await view.getByLabel("站点").selectOption("JP");
    await view.getByText("日本站费用表").waitFor();
    assert.deepEqual((await fees.locator("thead th").allInnerTexts()).slice(3), ["费用"]);
    assert.equal((await fees.locator("tbody tr").first().locator("td").last().innerText()).trim(), "288");

    await view.getByLabel("站点").selectOption("US");
    await view.getByText("美国站费用表").waitFor();
    await view.getByLabel("费用日期").fill("2025-06-01");
    await view.getByRole("alert").getByText("该站点在所选日期没有FBA费用表", { exact: false }).waitFor();
    assert.equal(await fees.count(), 0, "no table without a card");
    await view.getByLabel("费用日期").fill("2026-02-01");
    await fees.locator("tbody tr").first().waitFor();

    const [download] = await Promise.all([page.waitForEvent("download"), view.getByRole("button", { name: "导出", exact: true }).click()]);
    assert.equal(download.suggestedFilename(), "FBA费用_美国_2026-01-15.xlsx");
  });
});
