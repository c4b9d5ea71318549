// 利润计算器's marketplaces as the seeded admin sees them: the demo's North American three (US, CA, MX) and the UK,
// Germany and Japan can be chosen, every other marketplace is listed disabled with 暂未支持; an empty 计算 names
// the first empty field without a request (so no failed request in the console); a Canadian phone case is computed
// from the Remote Fulfilment card, and Mexico's card asks about IVA. No console error and no page error throughout.
// Screenshots at 1280 and 390 px, light and dark, go to islands/tests/artifacts/.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { ADMIN_ACCOUNT, ADMIN_PASSWORD, artifact, closeBrowser, getBrowser, newPage, startServer } from "./harness.mjs";
import { openFromRail, signInToShell, tabFrame } from "./shell.mjs";

before(() => getBrowser());
after(() => closeBrowser());

describe("利润计算器的站点", () => {
  let server;
  let page;
  const consoleErrors = [];
  const requests = [];

  before(async () => {
    server = await startServer();
    page = await newPage(server);
    page.on("console", (m) => m.type() === "error" && consoleErrors.push(`${m.text()} @ ${m.location().url}`));
    page.on("request", (r) => r.url().includes("/profitCalc/compute") && requests.push(r.postData()));
    await signInToShell(page, { account: ADMIN_ACCOUNT, password: ADMIN_PASSWORD });
  });
  after(async () => {
    const errors = page?.scriptErrors ?? [];
    await page?.context().close();
    await server?.stop();
    assert.deepEqual(errors.map((e) => e.message), [], "no page errors");
    assert.deepEqual(consoleErrors, [], "no console errors");
  });

  /** Paints the shell and its tab frames in dark mode or not, as theme.js does from the saved setting. */
  const theme = async (dark) => {
    for (const frame of page.frames()) await frame.evaluate((on) => document.documentElement.classList.toggle("dark", on), dark);
  };

  it("lists every marketplace and offers those with a fee card", async () => {
    await openFromRail(page, "财务", "利润计算器");
    const frame = await tabFrame(page, "利润计算器");
    const select = frame.getByRole("form", { name: "计算条件" }).locator('select[name="marketplace"]');
    await select.locator("option").first().waitFor({ state: "attached" });
    const options = await select.locator("option").evaluateAll((os) => os.map((o) => ({ text: o.textContent, disabled: o.disabled })));
    assert.deepEqual(
      options.filter((o) => !o.disabled).map((o) => o.text),
      ["美国（US，USD）", "加拿大（CA，CAD）", "墨西哥（MX，MXN）", "英国（UK，GBP）", "德国（DE，EUR）", "日本（JP，JPY）"],
    );
    const unsupported = options.filter((o) => o.disabled).map((o) => o.text);
    assert.equal(unsupported.length, 14);
    assert.ok(unsupported.includes("巴西（BR）暂未支持"), unsupported.join(" "));
    assert.ok(unsupported.every((t) => t.endsWith("暂未支持")), unsupported.join(" "));
  });

  it("names the first empty field on an empty 计算, without a request", async () => {
    const frame = await tabFrame(page, "利润计算器");
    const form = frame.getByRole("form", { name: "计算条件" });
    await form.getByRole("button", { name: "计算", exact: true }).click();
    await form.getByRole("alert").getByText("请选择品类", { exact: true }).waitFor();
    await page.screenshot({ path: artifact("profit-calculator-empty.png") });
    await form.locator('select[name="category"]').selectOption({ label: "家居厨房" });
    await form.locator('input[name="price"]').press("Enter");
    await form.getByRole("alert").getByText("售价不能为空", { exact: true }).waitFor();
    assert.deepEqual(requests, [], "nothing was sent with fields empty");
  });

  it("computes a Canadian phone case from the Remote Fulfilment card, and asks about IVA in Mexico", async () => {
    const frame = await tabFrame(page, "利润计算器");
    const form = frame.getByRole("form", { name: "计算条件" });
    await form.locator('select[name="marketplace"]').selectOption("CA");
    await form.locator('select[name="category"]').selectOption({ label: "电子配件" });
    for (const [name, value] of [["price", "24.99"], ["unitCost", "20"], ["firstLeg", "5"], ["length", "15"], ["width", "8"], ["height", "1.5"], ["weight", "0.1"]]) {
      await form.locator(`input[name="${name}"]`).fill(value);
    }
    assert.match(await form.innerText(), /售价（CAD）/);
    assert.equal(await form.locator('input[name="taxRegistered"]').count(), 0, "no tax to deduct from an Amazon.ca price");
    assert.match(await form.innerText(), /GZPT8XN3YNMRXFEZ/, "the card's source is shown");
    await form.getByRole("button", { name: "计算", exact: true }).click();
    const result = frame.getByRole("region", { name: "计算结果" });
    await result.getByTestId("profit-local").waitFor();
    // At the default CAD 5.05: 24.99 − 3.75 referral − 7.22 FBA − 25 CNY (4.95) = 9.07 CAD.
    assert.equal(await result.getByTestId("tier").innerText(), "小号标准尺寸");
    assert.match(await result.innerText(), /销售佣金（15%）\s+C\$3\.75/);
    assert.match(await result.innerText(), /FBA配送费（小号标准尺寸）\s+C\$7\.22/);
    assert.equal(await result.getByTestId("profit-local").innerText(), "C$9.07");

    for (const [width, height] of [[1280, 800], [390, 844]]) {
      await page.setViewportSize({ width, height });
      for (const dark of [false, true]) {
        await theme(dark);
        await page.screenshot({ path: artifact(`profit-calculator-ca-${width}-${dark ? "dark" : "light"}.png`), fullPage: true });
      }
    }
    await theme(false);
    await page.setViewportSize({ width: 1280, height: 800 });

    await form.locator('select[name="marketplace"]').selectOption("MX");
    await form.getByText("已注册IVA（从含税售价中扣除IVA）").waitFor();
    assert.match(await form.innerText(), /售价（MXN）/);
  });
});
